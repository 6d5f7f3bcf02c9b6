import { X } from "lucide-react";

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

/** The keyboard shortcuts' list in ShortcutsHelp's panel, with its heading and Close button. */
export default function ShortcutsList({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          onClick={onClose}
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
    </>
  );
}
