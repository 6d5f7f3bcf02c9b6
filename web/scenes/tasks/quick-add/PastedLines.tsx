import { ListPlus } from "lucide-react";
import { buttonClass } from "../../../components/form";

/** A pasted list: one task per line, or the whole paste as one line, or nothing. */
export function PastedLines({
  lines,
  onAddAll,
  onAsOne,
  onCancel,
}: {
  lines: readonly string[];
  onAddAll: () => void;
  onAsOne: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="group" aria-label="Pasted lines" className="mt-2 rounded-lg border border-line bg-canvas p-3 text-sm">
      <p className="font-medium">Add {lines.length} tasks, one for each pasted line?</p>
      <ol className="mt-1.5 max-h-40 list-inside list-decimal overflow-y-auto text-ink-muted">
        {lines.map((line, index) => (
          <li key={index} className="truncate">
            {line}
          </li>
        ))}
      </ol>
      <div className="mt-2.5 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} onClick={onAddAll}>
          <ListPlus aria-hidden="true" className="size-4" />
          Add {lines.length} tasks
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onAsOne}>
          Paste as one line
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
