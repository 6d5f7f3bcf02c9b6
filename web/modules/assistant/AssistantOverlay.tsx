import { lazy, Suspense } from "react";
import { usePanelState } from "./panel-state";

const AssistantPanel = lazy(() => import("./AssistantPanel"));

/** The panel's code loads when it is first opened, not with every page (the first-load budget). */
export default function AssistantOverlay() {
  const state = usePanelState();
  if (state === "closed") return null;
  return (
    <Suspense fallback={null}>
      <AssistantPanel />
    </Suspense>
  );
}
