import type { PartKind, QuickAddPart, QuickAddResult, Span } from "../../../../domain/quick-add";
import type { parseQuickAdd } from "../../../../domain/quick-add";
import type { NewTask } from "../../../api/tasks";

/** A part the user took back: its kind and words, found again wherever they now are in the line. */
export interface KeptAsText {
  kind: PartKind;
  text: string;
}

export interface ReadingContext {
  now: Date;
  timeZone: string;
  locale: string;
  categories: readonly { id: string; label: string }[];
  /** The category a line without `#name` goes to. */
  defaultCategory: string;
  /** The deadline a line without a date gets (Today's quick add: today). */
  defaultDeadline?: string | null;
}

/** The spans of the line that the user took back, so the parser leaves them as text. */
export function keptSpans(text: string, kept: readonly KeptAsText[]): Span[] {
  return kept.flatMap((part) => {
    const start = text.indexOf(part.text);
    return start < 0 ? [] : [{ start, end: start + part.text.length }];
  });
}

/** What a line reads as: the new task's fields (null for a blank line) and the parts to highlight. */
export interface Reading {
  task: Omit<NewTask, "groupId"> | null;
  parts: QuickAddPart[];
  /** `#name` typed with no such category: it goes to the default one (the chip says so). */
  unknownCategory: string | null;
  result: QuickAddResult | null;
}

/** "2026-11-27T17:00" or "2026-11-27": a deadline as the API takes it. */
function deadlineOf(result: QuickAddResult): string | null {
  if (!result.deadline) return null;
  return result.deadline.time ? `${result.deadline.date}T${result.deadline.time}` : result.deadline.date;
}

/**
 * One typed line read into a new task. Without the parser (still loading) the line is the title.
 * The parser sees the categories by their labels, as the pickers show them.
 */
export function readLine(
  text: string,
  kept: readonly KeptAsText[],
  context: ReadingContext,
  parse: typeof parseQuickAdd | null,
): Reading {
  const trimmed = text.trim();
  if (!trimmed) return { task: null, parts: [], unknownCategory: null, result: null };
  if (!parse) {
    return {
      task: {
        title: trimmed,
        priority: "medium",
        category: context.defaultCategory,
        deadline: context.defaultDeadline ?? null,
      },
      parts: [],
      unknownCategory: null,
      result: null,
    };
  }
  const result = parse(text, {
    now: context.now,
    timeZone: context.timeZone,
    locale: context.locale,
    categories: context.categories.map((category) => ({ id: category.id, name: category.label })),
    ignore: keptSpans(text, kept),
  });
  return {
    task: {
      title: result.title,
      priority: result.priority ?? "medium",
      category: result.categoryId ?? context.defaultCategory,
      deadline: deadlineOf(result) ?? context.defaultDeadline ?? null,
      ...(result.notes ? { notes: result.notes } : {}),
      ...(result.recurrence
        ? { repeat: { rule: result.recurrence.rule, fromCompletion: result.recurrence.fromCompletion } }
        : {}),
    },
    parts: result.parts,
    unknownCategory: result.categoryName,
    result,
  };
}
