/**
 * Repeat rules in words ("every Monday", "jeden Monat am 15.") and the everyday rules a task's
 * page offers, without loading rrule: this is read on every task row. English, and German for a
 * locale starting with "de"; weekday and month names come from Intl in the locale itself.
 */

const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
const WORKDAYS = "MO,TU,WE,TH,FR";
const WEEKEND = "SA,SU";

/** The rule's parts, by name; a part given twice counts once (the first). */
export function ruleParts(rule: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of rule.toUpperCase().split(";")) {
    const [key = "", value = ""] = part.split("=");
    if (key && !parts.has(key)) parts.set(key, value);
  }
  return parts;
}

/** A day of the week or a month by its number, as a floating UTC date Intl can name. */
const weekdayDate = (index: number) => new Date(Date.UTC(2024, 0, 1 + index)); // 2024-01-01 was a Monday
const monthDayDate = (month: number, day: number) => new Date(Date.UTC(2024, month - 1, day)); // a leap year

function namer(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
  } catch {
    format = new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" });
  }
  return (date) => format.format(date);
}

function list(items: string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

interface Words {
  every: (unit: "day" | "week" | "month" | "year", interval: number) => string;
  everyWeekday: (days: string) => string;
  workdays: string;
  weekend: string;
  /** One day of a set, after "the last": "weekday", "weekend day". */
  workday: string;
  weekendDay: string;
  /** "the 15th", "the last day". */
  monthDay: (day: number) => string;
  /** "the last Friday", "the first Monday". */
  nthWeekday: (nth: number, weekday: string) => string;
  on: string;
  in: string;
  /** "the last" of a set of days (BYSETPOS). */
  position: (nth: number) => string;
  afterDone: string;
}

const englishOrdinal = (value: number) => {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][value % 10] ?? "th");
  return `${value}${suffix}`;
};
const ENGLISH_NTH: Record<number, string> = {
  1: "first",
  2: "second",
  3: "third",
  4: "fourth",
  5: "fifth",
  [-1]: "last",
  [-2]: "second to last",
};
const englishNth = (nth: number) =>
  ENGLISH_NTH[nth] ?? (nth > 0 ? englishOrdinal(nth) : `${englishOrdinal(-nth)} to last`);

const ENGLISH: Words = {
  every: (unit, interval) => (interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`),
  everyWeekday: (days) => `every ${days}`,
  workdays: "weekday",
  weekend: "Saturday and Sunday",
  workday: "weekday",
  weekendDay: "weekend day",
  monthDay: (day) =>
    day === -1 ? "the last day" : day < 0 ? `the ${englishNth(day)} day` : `the ${englishOrdinal(day)}`,
  nthWeekday: (nth, weekday) => `the ${englishNth(nth)} ${weekday}`,
  on: "on",
  in: "in",
  position: (nth) => `the ${englishNth(nth)} of`,
  afterDone: "after it is done",
};

const GERMAN_NTH: Record<number, string> = {
  1: "ersten",
  2: "zweiten",
  3: "dritten",
  4: "vierten",
  5: "fünften",
  [-1]: "letzten",
  [-2]: "vorletzten",
};
const germanNth = (nth: number) => GERMAN_NTH[nth] ?? (nth > 0 ? `${nth}.` : `${-nth}.-letzten`);
const GERMAN_UNITS = {
  day: ["Tag", "Tage"],
  week: ["Woche", "Wochen"],
  month: ["Monat", "Monate"],
  year: ["Jahr", "Jahre"],
};

const GERMAN: Words = {
  every: (unit, interval) => {
    const [one, many] = GERMAN_UNITS[unit];
    if (interval !== 1) return `alle ${interval} ${many}`;
    return `${unit === "week" ? "jede" : unit === "year" ? "jedes" : "jeden"} ${one}`;
  },
  everyWeekday: (days) => `jeden ${days}`,
  workdays: "Werktag",
  weekend: "Samstag und Sonntag",
  workday: "Werktag",
  weekendDay: "Wochenendtag",
  monthDay: (day) => (day < 0 ? `${germanNth(day)} Tag` : `${day}.`),
  nthWeekday: (nth, weekday) => `${germanNth(nth)} ${weekday}`,
  on: "am",
  in: "im",
  position: (nth) => `${germanNth(nth)} von`,
  afterDone: "nach Erledigung",
};

const UNITS = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" } as const;
const NTH_DAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

/**
 * The rule in words: "every Monday", "every 2 weeks on Monday and Thursday", "every month on the
 * last Friday", "every year on 24 December"; German for a "de" locale ("jeden Montag"). With
 * `fromCompletion`, "… after it is done". A part it cannot say is appended as written.
 */
export function describeRepeat(rule: string, locale = "en", options: { fromCompletion?: boolean } = {}): string {
  const words = locale.toLowerCase().startsWith("de") ? GERMAN : ENGLISH;
  const weekdayName = namer(locale, { weekday: "long" });
  const monthName = namer(locale, { month: "long" });
  const parts = ruleParts(rule);
  const unit = UNITS[parts.get("FREQ") as keyof typeof UNITS];
  if (!unit) return rule;
  const interval = Number(parts.get("INTERVAL") ?? 1) || 1;
  const days = (parts.get("BYDAY") ?? "").split(",").filter(Boolean);
  const plainDays = days.every((day) => !/\d/.test(day));
  const dayNames = (codes: string[]) =>
    list(
      codes.map((code) => weekdayName(weekdayDate(WEEKDAYS.indexOf(code as (typeof WEEKDAYS)[number])))),
      locale,
    );
  const daySet = (codes: string[]) =>
    codes.join(",") === WORKDAYS ? words.workdays : codes.join(",") === WEEKEND ? words.weekend : dayNames(codes);
  const phrases: string[] = [];
  const leftOver = new Map(parts);
  leftOver.delete("FREQ");
  leftOver.delete("INTERVAL");
  // The week's first day changes only which weeks "every 2 weeks" counts: not worth a word.
  leftOver.delete("WKST");

  const monthDays = (parts.get("BYMONTHDAY") ?? "").split(",").filter(Boolean).map(Number);
  const months = (parts.get("BYMONTH") ?? "").split(",").filter(Boolean).map(Number);
  const setPos = parts.get("BYSETPOS");

  if (days.length > 0 && plainDays && interval === 1 && (unit === "day" || unit === "week") && !setPos) {
    phrases.push(words.everyWeekday(daySet(days)));
    leftOver.delete("BYDAY");
  } else if (
    unit === "year" &&
    months.length === 1 &&
    monthDays.length === 1 &&
    monthDays[0]! > 0 &&
    days.length === 0 &&
    !setPos
  ) {
    const date = namer(locale, { month: "long", day: "numeric" })(monthDayDate(months[0]!, monthDays[0]!));
    phrases.push(words.every(unit, interval), words.on, date);
    leftOver.delete("BYMONTH");
    leftOver.delete("BYMONTHDAY");
  } else {
    phrases.push(words.every(unit, interval));
    const on: string[] = [];
    if (setPos && /^-?\d+$/.test(setPos) && days.length > 0 && plainDays) {
      const nth = Number(setPos);
      const joined = days.join(",");
      const one =
        joined === WORKDAYS
          ? words.workday
          : joined === WEEKEND
            ? words.weekendDay
            : days.length === 1
              ? dayNames(days)
              : null;
      on.push(one ? words.nthWeekday(nth, one) : `${words.position(nth)} ${dayNames(days)}`);
      leftOver.delete("BYSETPOS");
      leftOver.delete("BYDAY");
    } else if (days.length > 0 && !setPos) {
      const said = days.map((day) => {
        const [, nth, code = "MO"] = NTH_DAY.exec(day) ?? [];
        const name = dayNames([code]);
        return nth ? words.nthWeekday(Number(nth), name) : name;
      });
      on.push(list(said, locale));
      leftOver.delete("BYDAY");
    }
    if (monthDays.length > 0 && !setPos && monthDays.every((day) => day !== 0)) {
      on.push(list(monthDays.map(words.monthDay), locale));
      leftOver.delete("BYMONTHDAY");
    }
    if (on.length > 0) phrases.push(words.on, on.join(` ${words.on} `));
    if (months.length > 0 && months.every((month) => month >= 1 && month <= 12)) {
      phrases.push(
        words.in,
        list(
          months.map((month) => monthName(monthDayDate(month, 1))),
          locale,
        ),
      );
      leftOver.delete("BYMONTH");
    }
  }
  if (options.fromCompletion) phrases.push(words.afterDone);
  const rest = [...leftOver].map(([key, value]) => `${key}=${value}`).join(";");
  return rest ? `${phrases.join(" ")} (${rest})` : phrases.join(" ");
}

/** The everyday rules a task's page offers, each made from the task's deadline. */
export type RepeatPreset = "daily" | "weekdays" | "weekly" | "monthly" | "yearly";

/** The deadline's date, and its weekday as RFC 5545 writes it. */
function dateOf(deadline: string): { month: number; day: number; weekday: string } {
  const [year = 2024, month = 1, day = 1] = deadline.slice(0, 10).split("-").map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return { month, day, weekday: WEEKDAYS[(date.getUTCDay() + 6) % 7]! };
}

/** Each preset's rule for a task due on `deadline` ("Weekly" falls on the deadline's weekday). */
export function presetRules(deadline: string): Record<RepeatPreset, string> {
  const { month, day, weekday } = dateOf(deadline);
  return {
    daily: "FREQ=DAILY",
    weekdays: `FREQ=WEEKLY;BYDAY=${WORKDAYS}`,
    weekly: `FREQ=WEEKLY;BYDAY=${weekday}`,
    monthly: `FREQ=MONTHLY;BYMONTHDAY=${day}`,
    yearly: `FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=${day}`,
  };
}

/**
 * The rule as the deadline makes it fall: the days rrule would take from the deadline written
 * out, the defaults (INTERVAL=1, WKST=MO) left out, parts in one order. Two rules that fall on the
 * same days for this deadline mostly come out the same.
 */
function canonical(rule: string, deadline: string): string {
  const parts = ruleParts(rule);
  const { month, day, weekday } = dateOf(deadline);
  if (!parts.has("BYDAY") && !parts.has("BYMONTHDAY")) {
    const freq = parts.get("FREQ");
    if (freq === "WEEKLY") parts.set("BYDAY", weekday);
    if (freq === "MONTHLY" || freq === "YEARLY") parts.set("BYMONTHDAY", String(day));
    if (freq === "YEARLY" && !parts.has("BYMONTH")) parts.set("BYMONTH", String(month));
  }
  if (parts.get("INTERVAL") === "1") parts.delete("INTERVAL");
  if (parts.get("WKST") === "MO") parts.delete("WKST");
  return [...parts]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join(";");
}

/** Which preset the rule is for this deadline, or "custom". */
export function presetOf(rule: string, deadline: string): RepeatPreset | "custom" {
  const presets = presetRules(deadline);
  const wanted = canonical(rule, deadline);
  const found = (Object.keys(presets) as RepeatPreset[]).find(
    (preset) => canonical(presets[preset], deadline) === wanted,
  );
  return found ?? "custom";
}
