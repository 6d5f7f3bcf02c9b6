/**
 * The date and time phrases of a line: chrono finds them, each is split into its day ("fri") and
 * its time ("5pm") where it has both, so either can be undone alone, and the doubtful ones are
 * dropped.
 */
import type { ClockMinutes } from "./civil-date.js";
import { chronoFor, type ParsedResult, type ParsingReference } from "./chrono-setup.js";
import { readResult, type DaySpec, type Reading, type ReadingContext } from "./date-reading.js";
import { endsLine, isStandalone, overlaps, wordBefore } from "./spans.js";
import type { Span } from "./types.js";

export interface DatePiece extends Span {
  kind: "date" | "time";
  day: DaySpec | null;
  time: ClockMinutes | null;
  /** Also a word ("sat", "morning"): it does not vouch for its other half. */
  ambiguous: boolean;
}

export interface DatePieceOptions extends ReadingContext {
  locale: string;
  reference: ParsingReference;
  /** Leave time-of-day phrases out (a day that says its own time, "tonight", keeps only its day). */
  skipTimes: boolean;
  skipDates: boolean;
  /** A repeat was found: "from fri", "starting dec 1" say when it starts. */
  repeating: boolean;
  /** The spans other readers took (blank in the text): no piece reaches over them. */
  taken: readonly Span[];
}

/** Words that only introduce a day or a time, taken with it so the title keeps no dangling "by". */
const DAY_LEADS = new Set(["on", "by", "due", "before", "until", "till", "til", "am", "bis"]);
const START_LEADS = new Set(["from", "starting", "beginning", "ab"]);
const TIME_LEADS = new Set(["at", "@", "by", "around", "um", "gegen"]);
/** What may stand before or after a piece within its phrase, without being part of either. */
const PIECE_EDGE_BEFORE = /^[\s,]*$/u;
const PIECE_EDGE_AFTER = /^[\s,\-–]*$/u;

interface Found {
  span: Span;
  reading: Reading;
}

function parse(text: string, options: DatePieceOptions): ParsedResult[] {
  return chronoFor(options.locale).parse(text, options.reference, { forwardDate: true });
}

/** The phrase's one reading when chrono reads all of `text` as one phrase, else null. */
function readWhole(text: string, offset: number, options: DatePieceOptions): Found | null {
  const results = parse(text, options);
  if (results.length !== 1) return null;
  const result = results[0]!;
  if (!PIECE_EDGE_BEFORE.test(text.slice(0, result.index))) {
    // "at noon": chrono's phrase is "noon"; the lead word is taken later with the others.
    if (!/^\s*(?:at|um|@)\s+$/iu.test(text.slice(0, result.index))) return null;
  }
  if (!PIECE_EDGE_AFTER.test(text.slice(result.index + result.text.length))) return null;
  const reading = readResult(result, result.text, options);
  if (!reading) return null;
  return { span: { start: offset + result.index, end: offset + result.index + result.text.length }, reading };
}

const isDayOnly = (reading: Reading) => reading.day !== null && reading.time === null && !reading.doubtfulTime;
const isTimeOnly = (reading: Reading) => reading.day === null;

/** The phrase cut in two at a space, a day on one side and a time on the other; null when no cut does it. */
function splitDayAndTime(text: string, offset: number, options: DatePieceOptions): [Found, Found] | null {
  for (const gap of text.matchAll(/[\s,]+/gu)) {
    const left = readWhole(text.slice(0, gap.index), offset, options);
    const right = left && readWhole(text.slice(gap.index + gap[0].length), offset + gap.index + gap[0].length, options);
    if (!left || !right) continue;
    if (
      (isDayOnly(left.reading) && isTimeOnly(right.reading)) ||
      (isTimeOnly(left.reading) && isDayOnly(right.reading))
    )
      return [left, right];
  }
  return null;
}

function piece(found: Found): DatePiece | null {
  const { day, time, ambiguous } = found.reading;
  if (day === null && time === null) return null;
  return { ...found.span, kind: day ? "date" : "time", day, time, ambiguous: ambiguous !== false };
}

/** One phrase chrono found, as its believed pieces (none, a day, a time, or both). */
function piecesOf(head: string, result: ParsedResult, options: DatePieceOptions): DatePiece[] {
  const leading = /^[\s,(]*/u.exec(result.text)![0].length;
  const text = result.text.slice(leading).replace(/[\s,)]+$/u, "");
  const start = result.index + leading;
  const end = start + text.length;
  if (!text || !isStandalone(head, start, end)) return [];
  const whole = readResult(result, text, options);
  if (!whole) return [];
  const hasBoth = whole.day !== null && (whole.time !== null || whole.doubtfulTime);
  const halves = hasBoth ? splitDayAndTime(text, start, options) : null;
  if (!halves) {
    if (whole.doubtfulTime) return [];
    const single = piece({ span: { start, end }, reading: whole });
    return single && acceptable(head, single, whole, false) ? [single] : [];
  }
  const pieces = halves.map((half) => ({ half, piece: piece(half) }));
  const believed = (kind: DatePiece["kind"]) =>
    pieces.some(({ piece: found }) => found?.kind === kind && !found.ambiguous);
  return pieces.flatMap(({ half, piece: found }) =>
    found && acceptable(head, found, half.reading, believed(found.kind === "date" ? "time" : "date")) ? [found] : [],
  );
}

/**
 * A piece that is also a word or a fraction ("Sat nav", "1/2 cup", "Morning run") is believed
 * only where a date fits: with its other half ("sat 10am", "fri morning"), after "on", "by",
 * "due" …, or (a day) at the end of the line.
 */
function acceptable(head: string, found: DatePiece, reading: Reading, withOtherHalf: boolean): boolean {
  if (!reading.ambiguous || withOtherHalf) return true;
  if (reading.ambiguous === "with-day") return false;
  if (DAY_LEADS.has(wordBefore(head, found.start).word)) return true;
  return reading.ambiguous === "line-end" && endsLine(head, found.end);
}

const crossesTaken = (span: Span, taken: readonly Span[]) => taken.some((other) => overlaps(span, other));

/** Takes the word that introduces the piece ("by fri", "at 5pm", "from mon" when repeating) into it. */
function withLeadWord(head: string, found: DatePiece, options: DatePieceOptions): DatePiece {
  let start = found.start;
  for (let words = 0; words < 2; words += 1) {
    const before = wordBefore(head, start);
    const leads = found.kind === "time" ? TIME_LEADS : DAY_LEADS;
    const isLead =
      leads.has(before.word) || (found.kind === "date" && options.repeating && START_LEADS.has(before.word));
    if (!isLead || !isStandalone(head, before.start, before.start + before.word.length)) break;
    if (crossesTaken({ start: before.start, end: start }, options.taken)) break;
    start = before.start;
  }
  return { ...found, start };
}

/** The believed date and time pieces of the line, in order. */
export function findDatePieces(head: string, options: DatePieceOptions): DatePiece[] {
  if (options.skipDates && options.skipTimes) return [];
  const pieces = parse(head, options).flatMap((result) => piecesOf(head, result, options));
  return (
    pieces
      .flatMap((found): DatePiece[] => {
        if (found.kind === "date" && options.skipDates) return [];
        if (found.kind === "time" && options.skipTimes) return [];
        if (found.kind === "date" && options.skipTimes) return [{ ...found, time: null }];
        return [found];
      })
      // chrono reads across a blanked part ("noon ! tonight" as one phrase): such a phrase is not believed.
      .filter((found) => !crossesTaken(found, options.taken))
      .map((found) => withLeadWord(head, found, options))
      .sort((a, b) => a.start - b.start)
  );
}
