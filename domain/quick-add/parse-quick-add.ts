/**
 * Quick add: one typed line ("Bins out every monday 7am #Home p1") read into a task's fields.
 * Each reader takes its parts in turn (notes, category, priority, repeat, then dates), blanking
 * them so later readers do not see them again.
 */
import { findCategory } from "./category.js";
import { formatClock, formatDate, zonedNow, zoneOffsetMinutes, type CivilDate } from "./civil-date.js";
import { findDatePieces, type DatePiece } from "./date-pieces.js";
import { dayOf, firstOccurrence, type Now } from "./deadline.js";
import { readsDayFirst } from "./chrono-setup.js";
import { findNotes } from "./notes.js";
import { findPriority } from "./priority.js";
import { findRecurrence, type RecurrenceFound } from "./recurrence.js";
import { toRRule } from "./rule.js";
import { KEPT_FILL, maskSpan, TAKEN_FILL } from "./spans.js";
import { collapsed, titleWithout } from "./title.js";
import type { PartKind, QuickAddDeadline, QuickAddOptions, QuickAddPart, QuickAddResult, Span } from "./types.js";

function isSpan(item: PartKind | Span): item is Span {
  return typeof item === "object";
}

/** A span within the text, or null for one that is not (a stale span from an older text). */
function clampSpan(span: Span, length: number): Span | null {
  const start = Math.max(0, Math.min(length, Math.floor(span.start)));
  const end = Math.max(start, Math.min(length, Math.floor(span.end)));
  return end > start ? { start, end } : null;
}

/** The deadline the date pieces (and a repeat) come to, with the pieces it used. */
function deadlineOf(
  pieces: DatePiece[],
  recurrence: RecurrenceFound | null,
  now: Now,
): { deadline: QuickAddDeadline; used: DatePiece[] } | null {
  const datePiece = pieces.find((found) => found.kind === "date");
  const timePiece =
    datePiece === undefined || datePiece.time === null ? pieces.find((found) => found.kind === "time") : undefined;
  const time = datePiece?.time ?? timePiece?.time ?? null;
  const used = [datePiece, timePiece].filter((found): found is DatePiece => found !== undefined);
  if (!recurrence && used.length === 0) return null;
  const day = datePiece?.day ?? null;
  const date: CivilDate | null = recurrence ? firstOccurrence(recurrence.rule, day, time, now) : dayOf(day, time, now);
  if (!date) return null;
  return { deadline: { date: formatDate(date), time: time === null ? null : formatClock(time) }, used };
}

export function parseQuickAdd(text: string, options: QuickAddOptions): QuickAddResult {
  const locale = options.locale ?? "en";
  const skipped = new Set(options.ignore?.filter((item): item is PartKind => !isSpan(item)));
  let masked = text;
  for (const span of options.ignore?.filter(isSpan) ?? []) {
    const kept = clampSpan(span, text.length);
    if (kept) masked = maskSpan(masked, kept, KEPT_FILL);
  }

  const parts: QuickAddPart[] = [];
  const take = (kind: PartKind, span: Span) => {
    parts.push({ kind, start: span.start, end: span.end, text: text.slice(span.start, span.end) });
    masked = maskSpan(masked, span, TAKEN_FILL);
  };

  const notesFound = skipped.has("notes") ? null : findNotes(masked, text);
  if (notesFound) take("notes", notesFound.part);
  const headEnd = notesFound?.part.start ?? text.length;

  const categoryFound = skipped.has("category") ? null : findCategory(masked, options.categories ?? []);
  if (categoryFound) take("category", categoryFound.part);

  const priorityFound = skipped.has("priority") ? null : findPriority(masked);
  if (priorityFound) take("priority", priorityFound.part);

  let recurrence = findRecurrence(masked, locale, parts);
  // Hidden before dates are read ("every monday" names no one Monday): kept as text when repeats
  // are skipped, blanked otherwise and taken once it has a first day.
  if (recurrence) masked = maskSpan(masked, recurrence.part, skipped.has("recurrence") ? KEPT_FILL : TAKEN_FILL);
  if (skipped.has("recurrence")) recurrence = null;

  const { today, minutes } = zonedNow(options.now, options.timeZone);
  const pieces = findDatePieces(masked, {
    locale,
    reference: { instant: options.now, timezone: zoneOffsetMinutes(options.now, options.timeZone) },
    now: options.now,
    today,
    timeZone: options.timeZone,
    dayFirst: readsDayFirst(locale),
    german: locale.toLowerCase().startsWith("de"),
    skipDates: skipped.has("date"),
    skipTimes: skipped.has("time"),
    repeating: recurrence !== null,
    taken: recurrence ? [...parts, recurrence.part] : parts,
  });
  const found = deadlineOf(pieces, recurrence, { today, minutes });
  // A repeat with no day to start on (a rule that falls on no day) is left as text.
  if (recurrence && !found) recurrence = null;
  if (recurrence) take("recurrence", recurrence.part);
  for (const used of found?.used ?? []) take(used.kind, used);

  const head = text.slice(0, headEnd);
  const title = titleWithout(
    head,
    parts.filter((part) => part.kind !== "notes"),
  );
  return {
    title: title || collapsed(head) || collapsed(text),
    deadline: found?.deadline ?? null,
    priority: priorityFound?.priority ?? null,
    categoryId: categoryFound?.category?.id ?? null,
    categoryName: categoryFound && !categoryFound.category ? categoryFound.typed : null,
    recurrence: recurrence
      ? {
          rule: toRRule(recurrence.rule),
          fromCompletion: recurrence.fromCompletion,
          text: text.slice(recurrence.part.start, recurrence.part.end),
        }
      : null,
    notes: notesFound?.notes ?? null,
    parts: parts.sort((a, b) => a.start - b.start),
  };
}
