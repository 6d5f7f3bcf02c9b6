/** English repeat phrases: "every day", "every mon and thu", "every 2 weeks", "every last friday", "weekly". */
import type { RepeatRule, Weekday } from "./rule.js";
import {
  dayOfYear,
  END,
  form,
  weekdaysIn,
  WEEKEND,
  WORKDAYS,
  type Form,
  type Grammar,
  type Groups,
} from "./recurrence-grammar.js";

const WEEKDAY = `(?:mondays?|mon|tuesdays?|tues|tue|wednesdays?|weds|wed|thursdays?|thurs|thur|thu|fridays?|fri|saturdays?|sat|sundays?|sun)${END}`;
const WEEKDAY_JOIN = "(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+|\\s*[&+/]\\s*)";
const WEEKDAY_LIST = `${WEEKDAY}(?:${WEEKDAY_JOIN}${WEEKDAY})*`;
const COUNT = "(?<count>\\d{1,3}|other|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
const ORDINAL = "(?<ordinal>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)";
const MONTH_DAY = `(?<monthDay>[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)${END}`;
const OF_MONTH = "(?:\\s+of\\s+(?:the|each|every)\\s+month)";
const MONTH = `(?<month>january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)${END}`;
/** "on the 15th", "on the last day", "on the first monday": the day within a month. */
const ON_THE = `(?:\\s+on\\s+the\\s+(?:${MONTH_DAY}|(?<lastDay>last\\s+day)|${ORDINAL}\\s+(?<nthWeekday>${WEEKDAY})))?`;

const NUMBER_WORDS = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

function count(word: string | undefined): number {
  if (word === undefined) return 1;
  const lower = word.toLowerCase();
  if (lower === "other") return 2;
  const index = NUMBER_WORDS.indexOf(lower);
  return index > 0 ? index : Number(word);
}

const WEEKDAY_PREFIXES: [string, Weekday][] = [
  ["su", 0],
  ["mo", 1],
  ["tu", 2],
  ["we", 3],
  ["th", 4],
  ["fr", 5],
  ["sa", 6],
];

function weekday(word: string): Weekday {
  return WEEKDAY_PREFIXES.find(([prefix]) => word.toLowerCase().startsWith(prefix))![1];
}

const weekdays = (list: string) => weekdaysIn(list, new RegExp(WEEKDAY, "iu"), weekday);

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };

function ordinal(word: string): number {
  return ORDINALS[word.toLowerCase()] ?? Number.parseInt(word, 10);
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The day-within-the-month of "on the …", when there is one. */
function withinMonth(groups: Groups): Partial<RepeatRule> {
  if (groups.monthDay) return { byMonthDay: Number(groups.monthDay) };
  if (groups.lastDay) return { byMonthDay: -1 };
  if (groups.ordinal && groups.nthWeekday)
    return { byDay: [{ weekday: weekday(groups.nthWeekday), nth: ordinal(groups.ordinal) }] };
  return {};
}

const namedDayOfYear = (groups: Groups) =>
  dayOfYear(MONTHS.indexOf(groups.month!.slice(0, 3).toLowerCase()) + 1, Number(groups.day));

/**
 * What may follow "every". An ordinal weekday is the one of each month ("every 2nd tuesday",
 * "every last friday"); every other week is "every other monday".
 */
const AFTER_EVERY: Form[] = [
  form("(?:week|work|business)\\s?days?", () => ({ frequency: "WEEKLY", interval: 1, byDay: WORKDAYS })),
  form("weekends?", () => ({ frequency: "WEEKLY", interval: 1, byDay: WEEKEND })),
  form(`(?:${COUNT}\\s+)?days?`, (g) => ({ frequency: "DAILY", interval: count(g.count) })),
  form(`(?:${COUNT}\\s+)?weeks?(?:\\s+on\\s+(?<list>${WEEKDAY_LIST}))?`, (g) => ({
    frequency: "WEEKLY",
    interval: count(g.count),
    ...(g.list ? { byDay: weekdays(g.list) } : {}),
  })),
  form(`(?:(?<other>other)\\s+)?(?<list>${WEEKDAY_LIST})`, (g) => ({
    frequency: "WEEKLY",
    interval: g.other ? 2 : 1,
    byDay: weekdays(g.list!),
  })),
  form(`(?:${COUNT}\\s+)?months?${ON_THE}`, (g) => ({
    frequency: "MONTHLY",
    interval: count(g.count),
    ...withinMonth(g),
  })),
  form(`(?:the\\s+)?${MONTH_DAY}${OF_MONTH}?`, (g) => ({ frequency: "MONTHLY", interval: 1, ...withinMonth(g) })),
  form(`(?:the\\s+)?last\\s+day${OF_MONTH}?|(?:the\\s+)?end${OF_MONTH}|month[-\\s]?end`, () => ({
    frequency: "MONTHLY",
    interval: 1,
    byMonthDay: -1,
  })),
  form(`(?:the\\s+)?${ORDINAL}\\s+(?<nthWeekday>${WEEKDAY})${OF_MONTH}?`, (g) => ({
    frequency: "MONTHLY",
    interval: 1,
    ...withinMonth(g),
  })),
  form(`(?:${COUNT}\\s+)?years?`, (g) => ({ frequency: "YEARLY", interval: count(g.count) })),
  form(`${MONTH}\\s+(?<day>[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?`, namedDayOfYear),
  form(`(?<day>[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}`, namedDayOfYear),
];

/** Words that repeat on their own, without "every". */
const ALONE: Form[] = [
  form("daily", () => ({ frequency: "DAILY", interval: 1 })),
  form(`(?<word>weekly|fortnightly)(?:\\s+on\\s+(?<list>${WEEKDAY_LIST}))?`, (g) => ({
    frequency: "WEEKLY",
    interval: g.word!.toLowerCase() === "fortnightly" ? 2 : 1,
    ...(g.list ? { byDay: weekdays(g.list) } : {}),
  })),
  form(`monthly${ON_THE}`, (g) => ({ frequency: "MONTHLY", interval: 1, ...withinMonth(g) })),
  form("yearly|annually", () => ({ frequency: "YEARLY", interval: 1 })),
];

export const english: Grammar = {
  every: /(^|\s)(every|each)(!?)\s+/giu,
  afterEvery: AFTER_EVERY,
  aloneStart: /(^|\s)(?=daily|weekly|fortnightly|monthly|yearly|annually)/giu,
  alone: ALONE,
  completion: new RegExp(
    `\\s+(?:after|from)\\s+(?:completion|completing|complete|completed|done|finishing|finished|it'?s\\s+done)${END}`,
    "iuy",
  ),
  lineEndOrTime:
    /^(?:\s+(?:(?:at|@)\s*)?(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midday|morning|afternoon|evening|tonight))?[\s.!?]*$/iu,
};
