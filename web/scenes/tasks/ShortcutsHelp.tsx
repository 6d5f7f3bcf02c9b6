import { Keyboard, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";

export const SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: ["q"], what: "Add a task (n works too)" },
  { keys: ["j", "k"], what: "Next or previous task" },
  { keys: ["x"], what: "Complete or reopen the task you are on; you stay on the list" },
  { keys: ["Ctrl", "Z"], what: "Take back the last completion" },
  { keys: ["e"], what: "Open the task you are on (Enter too)" },
  { keys: ["d"], what: "Change its deadline" },
  { keys: ["p"], what: "Change its priority" },
  { keys: ["↑", "↓"], what: "On a task's handle: move it up or down" },
  { keys: ["/"], what: "Search tasks" },
  { keys: ["?"], what: "Show or hide these shortcuts" },
  { keys: ["Esc"], what: "Leave the field you are in, or close this" },
];

/** The "?" button and the list of keyboard shortcuts it shows (a disclosure; Escape or a click outside closes it). */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) onOpenChange(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onOpenChange(false);
      if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, onOpenChange]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        title="Keyboard shortcuts (?)"
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <Keyboard aria-hidden="true" className="size-4" />
        <span className="sr-only">Keyboard shortcuts</span>
        <kbd aria-hidden="true" className="font-sans">
          ?
        </kbd>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        role="region"
        aria-labelledby={headingId}
        className="absolute top-full right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-4 shadow-lg"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="text-sm font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            type="button"
            onClick={() => {
              onOpenChange(false);
              buttonRef.current?.focus();
            }}
            className="grid size-7 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close shortcuts</span>
          </button>
        </div>
        <dl className="mt-3 space-y-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.what} className="flex items-start justify-between gap-3">
              <dt className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-6 rounded border border-line bg-surface-muted px-1.5 py-0.5 text-center font-mono text-xs text-ink"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-ink-muted">{shortcut.what}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-ink-muted">Shortcuts work when you are not typing in a field.</p>
      </div>
    </div>
  );
}
