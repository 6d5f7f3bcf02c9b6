import { CalendarClock, Flag, NotebookText, Repeat, Tag, X } from "lucide-react";
import type { Category } from "../../../../domain/categories";
import { categoryLook } from "../../../../domain/category-rules";
import type { PartKind, QuickAddPart } from "../../../../domain/quick-add";
import { formatDeadline, PRIORITY_LABELS } from "../task-view";
import { PART_HIGHLIGHT } from "./HighlightedLine";
import type { Reading } from "./quick-add-reading";

const ICONS: Record<PartKind, typeof Flag> = {
  date: CalendarClock,
  time: CalendarClock,
  recurrence: Repeat,
  priority: Flag,
  category: Tag,
  notes: NotebookText,
};

/**
 * What the line was read as, in words: one chip per understood part with what it means
 * ("Deadline: Fri 27 Nov 17:00", "Category: Home"), and a button on each that keeps its words in
 * the title instead. Announced politely as it changes, for screen readers.
 */
export function UnderstoodParts({
  reading,
  categories,
  timeZone,
  now,
  onKeep,
}: {
  reading: Reading;
  categories: readonly Category[];
  timeZone: string;
  now: Date;
  onKeep: (part: QuickAddPart) => void;
}) {
  const task = reading.task!;
  const deadline = task.deadline ? formatDeadline({ deadline: task.deadline, deadlineTimeZone: timeZone }, now) : "";

  function meaning(part: QuickAddPart): string {
    switch (part.kind) {
      case "date":
      case "time":
        return `Deadline: ${deadline}`;
      case "recurrence":
        return `Repeats: ${reading.result?.recurrence?.text ?? part.text}${reading.result?.recurrence?.fromCompletion ? " (from when done)" : ""}`;
      case "priority":
        return `Priority: ${PRIORITY_LABELS[task.priority ?? "medium"]}`;
      case "category":
        return reading.unknownCategory
          ? `No category “${reading.unknownCategory}”: ${categoryLook(categories, task.category ?? "other").label}`
          : `Category: ${categoryLook(categories, task.category ?? "other").label}`;
      case "notes":
        return "Notes";
    }
  }

  // A day and its time are two parts with one meaning: said once, each still undone on its own.
  const shown = reading.parts.filter(
    (part, index) => part.kind !== "time" || !reading.parts.slice(0, index).some((earlier) => earlier.kind === "date"),
  );

  return (
    <ul aria-label="Understood" aria-live="polite" className="mt-2 flex flex-wrap gap-1.5 text-xs">
      {shown.map((part) => {
        const Icon = ICONS[part.kind];
        const together = part.kind === "date" ? reading.parts.filter((other) => other.kind === "time") : [];
        return (
          <li
            key={`${part.kind}-${part.start}`}
            className={`inline-flex min-h-8 items-center gap-1 rounded-full pl-2.5 text-ink ${PART_HIGHLIGHT[part.kind]}`}
          >
            <Icon aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="max-w-60 truncate">{meaning(part)}</span>
            <button
              type="button"
              aria-label={`Keep “${[part, ...together].map((one) => one.text).join(" … ")}” as text`}
              title="Keep as text"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => [part, ...together].forEach(onKeep)}
              className="grid size-8 place-items-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
