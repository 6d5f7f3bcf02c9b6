import { Sparkles } from "lucide-react";
import { LAUNCHER_ID, setPanelState, usePanelState } from "./panel-state";

/** The header's assistant button: opens the panel, or closes it when open. */
export default function AssistantLauncher() {
  const state = usePanelState();
  const open = state === "open";
  return (
    <button
      id={LAUNCHER_ID}
      type="button"
      aria-expanded={open}
      aria-controls={open ? "assistant-panel" : undefined}
      aria-label="Assistant"
      title="Assistant"
      className="grid size-11 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink aria-expanded:bg-brand-soft aria-expanded:text-ink"
      onClick={() => setPanelState(open ? "closed" : "open")}
    >
      <Sparkles aria-hidden="true" className="size-5" />
    </button>
  );
}
