/** The shapes quick add reads and returns: one typed line in, a task's understood fields out. */
import type { Priority } from "../task-rules.js";

export type PartKind = "date" | "time" | "priority" | "category" | "recurrence" | "notes";

/** A span of the input, `start` inclusive and `end` exclusive (UTF-16 offsets, as String.slice takes them). */
export interface Span {
  start: number;
  end: number;
}

/** A piece of the input that was understood, for highlighting it as the user types. */
export interface QuickAddPart extends Span {
  kind: PartKind;
  /** The input's own text at that span. */
  text: string;
}

export interface QuickAddCategory {
  id: string;
  name: string;
}

export interface QuickAddOptions {
  /** The moment the line is typed: relative words ("tomorrow", "in 3 days", "5pm") count from it. */
  now: Date;
  /** The IANA zone the deadline is meant in (the task's deadlineTimeZone); the machine's own zone plays no part. */
  timeZone: string;
  /** A BCP 47 tag: "en-US" reads 3/4 as March 4, other English and "de…" as 3 April; "de…" also reads German words. */
  locale?: string;
  /** The group's categories, which `#name` is matched against. */
  categories?: readonly QuickAddCategory[];
  /**
   * What to leave in the title: a kind skips that kind everywhere, a span (such as a part returned
   * before) leaves whatever overlaps it unparsed.
   */
  ignore?: readonly (PartKind | Span)[];
}

/** A wall-clock date ("YYYY-MM-DD") and time ("HH:MM", or null for the whole day) in the options' zone. */
export interface QuickAddDeadline {
  date: string;
  time: string | null;
}

export interface QuickAddRecurrence {
  /** An RFC 5545 RRULE value without the "RRULE:" prefix, e.g. "FREQ=WEEKLY;BYDAY=MO". */
  rule: string;
  /** True when the next occurrence counts from the day the task is done, not from its deadline. */
  fromCompletion: boolean;
  /** The words that said it, as typed. */
  text: string;
}

export interface QuickAddResult {
  /** What remains once the understood parts are taken out; never empty. */
  title: string;
  deadline: QuickAddDeadline | null;
  priority: Priority | null;
  /** The best matching category's id. */
  categoryId: string | null;
  /** The name after `#` as typed, when no category matched it (the UI can offer to create it). */
  categoryName: string | null;
  recurrence: QuickAddRecurrence | null;
  notes: string | null;
  /** The understood spans, in input order. */
  parts: QuickAddPart[];
}
