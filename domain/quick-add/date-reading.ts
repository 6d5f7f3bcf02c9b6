/**
 * What one date phrase chrono found says: which day (fixed, without a year, or a weekday to come)
 * and which time, or nothing when it is a phrase quick add does not believe.
 */
import { wallClockAt } from "../time-zones.js";
import { addDays, isRealDate, weekdayOf, type CivilDate, type ClockMinutes } from "./civil-date.js";
import type { ParsedResult } from "./chrono-setup.js";

export type DaySpec =
  /** A day chrono fixed: "tomorrow", "in 3 days", "next fri", "24.12.2026". */
  | { type: "on"; date: CivilDate }
  /** "dec 24", "24/12": this year's, or next year's once it has passed. */
  | { type: "yearless"; month: number; day: number }
  /** "fri", "on sat": the next such day, today included; "next fri": the one of next week (Monday to Sunday). */
  | { type: "weekday"; weekday: number; nextWeek: boolean };

export interface Reading {
  day: DaySpec | null;
  time: ClockMinutes | null;
  /** A time was said but is not believed ("at 5": morning or afternoon?). */
  doubtfulTime: boolean;
  /**
   * A day that is also a common word or a fraction ("sat", "sun", "1/2"): "line-end" is believed
   * only where a date fits (at the end of the line, after "on", or with a time), "lead" only after
   * a lead word ("am so") or with a time, "with-day" (a time of day in words, "Morning run") only
   * with a day ("fri morning").
   */
  ambiguous: false | "line-end" | "lead" | "with-day";
}

export interface ReadingContext {
  now: Date;
  today: CivilDate;
  timeZone: string;
  dayFirst: boolean;
  german: boolean;
}

/** Said of the past, or of this instant: nothing a task is due at. */
const PAST_OR_NOW =
  /\b(?:yesterday|ago|last|past|previous|gestern|vorgestern|letzte[nmrs]?|jetzt)\b|\bvor\s+\d|^(?:right\s+)?now$/iu;
/** A bare amount of time ("2 hours", "17h", "for 3 days"): a duration, not a deadline, without "in". */
const BARE_DURATION =
  /^(?:(?:for|during|für)\s+)?(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|ein(?:e[nm]?)?)\s*(?:h|hrs?|hours?|mins?|minutes?|days?|weeks?|months?|years?|std|stunden?|minuten?|tagen?|tage|wochen?|monaten?|monate|jahren?|jahre)\.?$/iu;
/** "weekend" alone ("Plan the weekend") is a topic; "this weekend" is a date. */
const BARE_WEEKEND = /^(?:weekend|wochenende)$/iu;
const WEEKEND = /\b(?:weekend|wochenende)\b/iu;
/** "in 2 hours": an instant, read through the zone so a daylight saving change in between counts. */
const IN_HOURS = /^(?:in|within|innerhalb)\s/iu;
const DAYS_OR_MORE = /\b(?:days?|weeks?|months?|years?|tagen?|wochen?|monaten?|jahren?)\b/iu;
const HALF_HOUR = /\bhalf\s+an?\s+hour\b|\bhalbe[nr]?\s+stunde\b/iu;
const AMOUNT_OF_TIME =
  /(\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eine?[nrm]?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\s*(hours?|hrs?|h|minutes?|mins?|stunden?|std|minuten?)\b/giu;
const AMOUNT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const GERMAN_AMOUNT_WORDS = ["ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"];
/** Weekday names that are also words: "Sat nav", "sun cream", "get wed", "Mon ami": believed at the line's end. */
const AMBIGUOUS_WORDS = new Set(["sat", "sun", "wed", "mon"]);
/** German two-letter days ("so", "do", "mi" …) end many a sentence: believed only with "am" or a time. */
const GERMAN_SHORT_DAYS = new Set(["mo", "di", "mi", "do", "fr", "sa", "so"]);
/** A day and a month in digits, "24/12", "3.4.2026", "24.12.", with an optional year. */
const NUMERIC_DATE = /(?:^|[^\d/.-])(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?(?![\d/])/u;
/** Explicit times: "5pm", "17:30", "9.30", "17 Uhr", "noon"; "at 5" is morning or afternoon. */
const EXPLICIT_TIME = /\d[:.]\d{2}|\b(?:noon|midday)\b|\buhr\b|\bmittags?\b/iu;
/** A "this …", "today", "tonight": today, even where chrono's date has moved on. */
const TODAY_WORDS = /\b(?:this|today|tonight|heute)\b/iu;
const NEXT_WORDS = /\b(?:next|nächste[nmrs]?)\b/iu;
/** chrono reads this one on the machine's clock, not in the zone: counted here. */
const DAY_AFTER_TOMORROW = /\bday\s+after\s+tomorrow\b/iu;

/** Times of day said in words, where chrono's early 6:00 "morning" would be too early for a task. */
const DAY_PARTS: [RegExp, ClockMinutes][] = [
  [/\b(?:tonight|night|nachts?)\b/iu, 20 * 60],
  [/\b(?:morning|morgens|früh|vormittags?)(?![\p{L}])/iu, 9 * 60],
  [/\b(?:afternoon|nachmittags?)\b/iu, 15 * 60],
  [/\b(?:evening|abends?)\b/iu, 19 * 60],
];

function amount(word: string): number {
  const lower = word.toLowerCase();
  if (/^(?:an?|eine?[nrm]?)$/u.test(lower)) return 1;
  const index = Math.max(AMOUNT_WORDS.indexOf(lower), GERMAN_AMOUNT_WORDS.indexOf(lower));
  return index >= 0 ? index + 1 : Number(lower.replace(",", "."));
}

/**
 * The minutes "in 1 hour 30 minutes" adds to now. Counted here rather than taken from chrono,
 * whose date arithmetic runs on the machine's clock and is an hour off across the machine's own
 * daylight saving change.
 */
function minutesAhead(text: string): number | null {
  if (HALF_HOUR.test(text)) return 30;
  let minutes = 0;
  for (const match of text.matchAll(AMOUNT_OF_TIME)) {
    minutes += amount(match[1]!) * (/^(?:h|hours?|hrs?|stunden?|std)$/iu.test(match[2]!) ? 60 : 1);
  }
  return minutes > 0 && Number.isFinite(minutes) ? Math.round(minutes) : null;
}

function certain(result: ParsedResult, component: Parameters<ParsedResult["start"]["isCertain"]>[0]): boolean {
  return result.start.isCertain(component);
}

function numericDay(text: string, dayFirst: boolean): { spec: DaySpec; ambiguous: Reading["ambiguous"] } | null {
  const match = NUMERIC_DATE.exec(text);
  if (!match) return null;
  const [first, separator, second, yearText] = [Number(match[1]), match[2], Number(match[3]), match[4]];
  let [day, month] = separator === "." || separator === "-" || dayFirst ? [first, second] : [second, first];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  const year = yearText === undefined ? undefined : yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!isRealDate(year ?? 2000, month, day)) return null;
  const ambiguous = year === undefined && separator === "/" && first <= 12 && second <= 12 ? "line-end" : false;
  const spec: DaySpec =
    year === undefined ? { type: "yearless", month, day } : { type: "on", date: { year, month, day } };
  return { spec, ambiguous };
}

function chronoDay(result: ParsedResult): CivilDate {
  return { year: result.start.get("year")!, month: result.start.get("month")!, day: result.start.get("day")! };
}

function readDay(
  result: ParsedResult,
  text: string,
  context: ReadingContext,
): { spec: DaySpec | null; ambiguous: Reading["ambiguous"] } | null {
  if (DAY_AFTER_TOMORROW.test(text)) return { spec: { type: "on", date: addDays(context.today, 2) }, ambiguous: false };
  if (certain(result, "day") && certain(result, "month")) {
    const numeric = numericDay(text, context.dayFirst);
    if (numeric) return numeric;
    if (certain(result, "year")) return { spec: { type: "on", date: chronoDay(result) }, ambiguous: false };
    const month = result.start.get("month")!;
    const day = result.start.get("day")!;
    return { spec: { type: "yearless", month, day }, ambiguous: false };
  }
  if (certain(result, "weekday")) {
    if (BARE_WEEKEND.test(text)) return null;
    // chrono's "this weekend" is a Saturday; on a Sunday the weekend is today.
    if (WEEKEND.test(text) && !NEXT_WORDS.test(text) && weekdayOf(context.today) === 0)
      return { spec: { type: "on", date: context.today }, ambiguous: false };
    const word = text.toLowerCase();
    const ambiguous = GERMAN_SHORT_DAYS.has(word) ? "lead" : AMBIGUOUS_WORDS.has(word) ? "line-end" : false;
    const spec: DaySpec = { type: "weekday", weekday: result.start.get("weekday")!, nextWeek: NEXT_WORDS.test(text) };
    return { spec, ambiguous };
  }
  // A month or a year alone ("March of the penguins", "next month") names no day.
  if (certain(result, "month") || certain(result, "day") || certain(result, "year")) return null;
  if (TODAY_WORDS.test(text)) return { spec: { type: "on", date: context.today }, ambiguous: false };
  return { spec: null, ambiguous: false };
}

function readTime(
  result: ParsedResult,
  text: string,
): { time: ClockMinutes | null; doubtful: boolean; inWords: boolean } {
  if (certain(result, "hour")) {
    const hour = result.start.get("hour")!;
    const minute = result.start.get("minute") ?? 0;
    if (certain(result, "meridiem") || hour >= 13 || EXPLICIT_TIME.test(text))
      return { time: hour * 60 + minute, doubtful: false, inWords: false };
    return { time: null, doubtful: true, inWords: false };
  }
  const part = DAY_PARTS.find(([words]) => words.test(text));
  return { time: part ? part[1] : null, doubtful: false, inWords: part !== undefined };
}

/** What `text`, which chrono read as `result`, says; null when it is not believed. */
export function readResult(result: ParsedResult, text: string, context: ReadingContext): Reading | null {
  if (result.end || PAST_OR_NOW.test(text) || BARE_DURATION.test(text)) return null;
  if (context.german && text === "Morgen") return null; // "Guten Morgen", the noun; "morgen" is tomorrow
  const ahead = IN_HOURS.test(text) && !DAYS_OR_MORE.test(text) ? minutesAhead(text) : null;
  if (ahead !== null) {
    const wall = wallClockAt(context.now.getTime() + ahead * 60_000, context.timeZone);
    const day: DaySpec = { type: "on", date: { year: wall.year, month: wall.month, day: wall.day } };
    return { day, time: wall.hour * 60 + wall.minute, doubtfulTime: false, ambiguous: false };
  }
  const day = readDay(result, text, context);
  if (!day) return null;
  const { time, doubtful, inWords } = readTime(result, text);
  if (!day.spec && time === null && !doubtful) return null;
  const ambiguous = !day.spec && inWords ? "with-day" : day.ambiguous;
  return { day: day.spec, time, doubtfulTime: doubtful, ambiguous };
}
