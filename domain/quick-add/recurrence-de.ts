/** German repeat phrases: "jeden Tag", "jeden Montag und Donnerstag", "alle 2 Wochen", "monatlich", "montags". */
import type { Weekday } from "./rule.js";
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

const WEEKDAY = `(?:montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonnabends?|sonntags?)${END}`;
const WEEKDAY_LIST = `${WEEKDAY}(?:(?:\\s*,\\s*|\\s+und\\s+|\\s*[&+/]\\s*)${WEEKDAY})*`;
const COUNT = "(?<count>\\d{1,3}|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)";
const MONTH = `(?<month>januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|nov|dez)${END}`;
const MONTHS = ["jan", "feb", "mär", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"];

const NUMBER_WORDS = [
  "",
  "ein",
  "zwei",
  "drei",
  "vier",
  "fünf",
  "sechs",
  "sieben",
  "acht",
  "neun",
  "zehn",
  "elf",
  "zwölf",
];

function count(word: string | undefined): number {
  if (word === undefined) return 1;
  const index = NUMBER_WORDS.indexOf(word.toLowerCase());
  return index > 0 ? index : Number(word);
}

const WEEKDAY_PREFIXES: [string, Weekday][] = [
  ["so", 0],
  ["mo", 1],
  ["di", 2],
  ["mi", 3],
  ["do", 4],
  ["fr", 5],
  ["sa", 6],
];

function weekday(word: string): Weekday {
  return WEEKDAY_PREFIXES.find(([prefix]) => word.toLowerCase().startsWith(prefix))![1];
}

const weekdays = (list: string) => weekdaysIn(list, new RegExp(WEEKDAY, "iu"), weekday);
/** "zweiten", "zweite": every other. */
const OTHER = "(?:(?<other>zweite[n]?)\\s+)?";
const interval = (g: Groups) => (g.other ? 2 : 1);

function germanDayOfYear(groups: Groups) {
  const month = MONTHS.findIndex((prefix) => groups.month!.toLowerCase().startsWith(prefix)) + 1;
  return dayOfYear(month === 0 ? 1 : month, Number(groups.day));
}

/** What may follow "jeden", "jede", "jedes". */
const AFTER_EVERY: Form[] = [
  form(`${OTHER}tag`, (g) => ({ frequency: "DAILY", interval: interval(g) })),
  form("werktag|arbeitstag", () => ({ frequency: "WEEKLY", interval: 1, byDay: WORKDAYS })),
  form("wochenende", () => ({ frequency: "WEEKLY", interval: 1, byDay: WEEKEND })),
  form(`${OTHER}woche(?:\\s+am\\s+(?<list>${WEEKDAY_LIST}))?`, (g) => ({
    frequency: "WEEKLY",
    interval: interval(g),
    ...(g.list ? { byDay: weekdays(g.list) } : {}),
  })),
  form(`${OTHER}(?<list>${WEEKDAY_LIST})`, (g) => ({
    frequency: "WEEKLY",
    interval: interval(g),
    byDay: weekdays(g.list!),
  })),
  form(`${OTHER}monat(?:\\s+am\\s+(?<monthDay>[1-9]|[12]\\d|3[01])\\.)?`, (g) => ({
    frequency: "MONTHLY",
    interval: interval(g),
    ...(g.monthDay ? { byMonthDay: Number(g.monthDay) } : {}),
  })),
  form("(?<monthDay>[1-9]|[12]\\d|3[01])\\.(?:\\s+des\\s+monats|\\s+im\\s+monat)?", (g) => ({
    frequency: "MONTHLY",
    interval: 1,
    byMonthDay: Number(g.monthDay),
  })),
  form("letzten\\s+tag\\s+(?:im|des)\\s+monats?|monatsende", () => ({
    frequency: "MONTHLY",
    interval: 1,
    byMonthDay: -1,
  })),
  form(`${OTHER}jahr`, (g) => ({ frequency: "YEARLY", interval: interval(g) })),
  form(`(?<day>[1-9]|[12]\\d|3[01])\\.\\s*${MONTH}`, germanDayOfYear),
];

/** What may follow "alle": a count and a unit ("alle 2 Wochen"). */
const AFTER_ALL: Form[] = [
  form(`${COUNT}\\s+tage`, (g) => ({ frequency: "DAILY", interval: count(g.count) })),
  form(`${COUNT}\\s+wochen`, (g) => ({ frequency: "WEEKLY", interval: count(g.count) })),
  form(`${COUNT}\\s+monate`, (g) => ({ frequency: "MONTHLY", interval: count(g.count) })),
  form(`${COUNT}\\s+jahre`, (g) => ({ frequency: "YEARLY", interval: count(g.count) })),
];

/** Words that repeat on their own ("montags": on Mondays). */
const ALONE: Form[] = [
  form("täglich", () => ({ frequency: "DAILY", interval: 1 })),
  form("werktags", () => ({ frequency: "WEEKLY", interval: 1, byDay: WORKDAYS })),
  form("(?<word>wöchentlich|zweiwöchentlich)", (g) => ({
    frequency: "WEEKLY",
    interval: g.word!.toLowerCase().startsWith("zwei") ? 2 : 1,
  })),
  form("monatlich", () => ({ frequency: "MONTHLY", interval: 1 })),
  form("jährlich", () => ({ frequency: "YEARLY", interval: 1 })),
  form(
    "(?<list>(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags)(?:\\s+und\\s+(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags))*)",
    (g) => ({
      frequency: "WEEKLY",
      interval: 1,
      byDay: weekdays(g.list!),
    }),
  ),
];

export const german: Grammar = {
  every: /(^|\s)(jeden|jede|jedes|alle)(!?)\s+/giu,
  afterEvery: [...AFTER_EVERY, ...AFTER_ALL],
  aloneStart:
    /(^|\s)(?=täglich|werktags|wöchentlich|zweiwöchentlich|monatlich|jährlich|montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags)/giu,
  alone: ALONE,
  completion: new RegExp(`\\s+nach\\s+(?:erledigung|abschluss|dem\\s+erledigen)${END}`, "iuy"),
  lineEndOrTime: /^(?:\s+(?:um\s+)?\d{1,2}(?:[:.]\d{2})?(?:\s*uhr)?|\s+(?:morgens|mittags|abends))?[\s.!?]*$/iu,
};
