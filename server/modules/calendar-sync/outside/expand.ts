import ICAL from "ical.js";
import { canonicalTimeZone } from "../../../../domain/time-zones.js";
import { hasTooManyParameters } from "../ical-limits.js";
import { offsetAt, utcInstant, wallTimeToInstant, vtimezone } from "../vtimezone.js";

/**
 * An outside calendar's events in a range (docs/calendar.md, "Outside calendars"). ical.js reads
 * the text and repeats the events: each VTIMEZONE the calendar carries is registered first, so a
 * weekly 09:00 in Europe/Berlin stays 09:00 on the wall across the clock changes; an IANA zone a
 * calendar names without defining it is made from the runtime's zone data. RRULE, RDATE and
 * EXDATE come from ical.js, RECURRENCE-ID overrides are attached to their series, all-day events
 * stay dates, and a floating time (no zone) is read on the viewer's clock.
 */

export interface ExpandedEvent {
  uid: string;
  /** The occurrence's original start (its RECURRENCE-ID), or "" for a single event. */
  recurrenceId: string;
  title: string;
  /** "YYYY-MM-DD" for all-day events, else an ISO instant in UTC. */
  start: string;
  /** Exclusive, as in iCalendar: the day after the last day of an all-day event. */
  end: string;
  allDay: boolean;
  location: string | null;
}

export interface ExpandRange {
  /** First day, "YYYY-MM-DD". */
  from: string;
  /** Last day, "YYYY-MM-DD" (included). */
  to: string;
  /** The viewer's zone: floating times are read on its clock, and the days are its days. */
  timeZone: string;
}

/**
 * Occurrences walked per series, and per calendar, before giving up: ical.js takes tens of
 * microseconds a step, so a FREQ=MINUTELY from 1970 must stop somewhere. Daily and weekly series
 * are moved close to the range first (fastForward), so a daily event since 1990 costs a few
 * hundred steps, not thirteen thousand.
 */
const MAX_STEPS_PER_SERIES = 10_000;
/** Rules by the hour, minute or second are rare in calendars and cheap to abuse: a shorter walk. */
const MAX_STEPS_SUB_DAILY = 2_000;
const SUB_DAILY = new Set(["HOURLY", "MINUTELY", "SECONDLY"]);
/** Steps for one request, all calendars together: ExpandBudget. */
export const MAX_STEPS_PER_REQUEST = 40_000;
/** Events one request may give, all calendars together. */
export const MAX_EVENTS = 5_000;
/** VEVENTs read from one text; the rest are not looked at. */
export const MAX_VEVENTS = 5_000;
/** EXDATE and RDATE values of one event: ical.js sorts them all at every start, so more skip the event. */
export const MAX_DATES_PER_EVENT = 1_000;
/** Properties of one event (a real one has a few dozen); more skip it. */
const MAX_PROPERTIES_PER_EVENT = 2_000;
/** Distinct zones one text may use; a time in a further one is read as UTC. */
export const MAX_ZONES_PER_CALENDAR = 20;

/**
 * What one request may still spend, shared by every calendar and text it expands: setting a series
 * up (copying it, reading its dates) costs steps too, so thousands of series cannot each cost a
 * little past the end. `cut` says something was left out because a limit was reached.
 */
export interface ExpandBudget {
  steps: number;
  events: number;
  cut: boolean;
}

export function newBudget(): ExpandBudget {
  return { steps: MAX_STEPS_PER_REQUEST, events: MAX_EVENTS, cut: false };
}

function spent(budget: ExpandBudget): boolean {
  if (budget.steps > 0 && budget.events > 0) return false;
  budget.cut = true;
  return true;
}
const DAY_MS = 86_400_000;

function dateOnly(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

function isFloating(time: ICAL.Time): boolean {
  return time.zone === ICAL.Timezone.localTimezone || time.zone === undefined || time.zone === null;
}

/** The instant a date-time names: its zone's, or the viewer's for a floating time. */
function instantOf(time: ICAL.Time, viewerZone: string): number {
  if (isFloating(time)) {
    return wallTimeToInstant(time, viewerZone) + time.second * 1000;
  }
  const read = time.toUnixTime() * 1000;
  const iana = time.zone === ICAL.Timezone.utcTimezone ? null : canonicalTimeZone(time.zone?.tzid ?? "");
  if (iana === null || iana === "UTC") return read;
  // ical.js reads 02:30 on a spring-forward night as 01:30, before the gap, and a time that occurs
  // twice as the second: each an hour off what RFC 5545 (3.3.5) says, and the app's own deadlines
  // follow. Where the zone's offset held for the day and a half before, its answer stands.
  const naive = utcInstant(time.year, time.month, time.day, time.hour, time.minute, time.second);
  const offset = offsetAt(iana, read);
  if (read + offset * 60_000 === naive && offsetAt(iana, read - 1.5 * DAY_MS) === offset) return read;
  return wallTimeToInstant(time, iana) + time.second * 1000;
}

/**
 * Registers the calendar's own zones, and makes the IANA ones it only names. ical.js keeps zones
 * in one registry for the process: what this replaces is handed back by the returned function, so
 * one calendar's definitions never reach another's expansion (it all runs synchronously).
 */
function registerZones(calendar: ICAL.Component, fromYear: number, toYear: number): () => void {
  const replaced = new Map<string, ICAL.Timezone | null>();
  const register = (tzid: string, zone: ICAL.Component) => {
    if (!replaced.has(tzid))
      replaced.set(tzid, ICAL.TimezoneService.has(tzid) ? (ICAL.TimezoneService.get(tzid) ?? null) : null);
    ICAL.TimezoneService.register(zone);
  };
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = zone.getFirstPropertyValue("tzid");
    if (typeof tzid !== "string" || tzid === "" || tzid === "UTC" || tzid === "Z" || tzid === "GMT") continue;
    if (replaced.size >= MAX_ZONES_PER_CALENDAR) break;
    register(tzid, zone);
  }
  for (const event of calendar.getAllSubcomponents("vevent").slice(0, MAX_VEVENTS)) {
    for (const property of event.getAllProperties()) {
      const tzid = property.getParameter("tzid");
      if (typeof tzid !== "string" || replaced.has(tzid) || tzid === "UTC") continue;
      // Each spelling of a zone ("europe/berlin") is read as its canonical name, so all of them
      // share one definition and one cached scan of its offsets.
      const canonical = canonicalTimeZone(tzid);
      if (canonical === null) continue;
      if (canonical !== tzid) property.setParameter("tzid", canonical);
      if (replaced.has(canonical)) continue;
      if (replaced.size >= MAX_ZONES_PER_CALENDAR) {
        property.setParameter("tzid", "UTC");
        continue;
      }
      register(canonical, vtimezone(canonical, fromYear, toYear));
    }
  }
  return () => {
    for (const [tzid, previous] of replaced) {
      ICAL.TimezoneService.remove(tzid);
      if (previous) ICAL.TimezoneService.register(previous, tzid);
    }
  };
}

function parseCalendar(text: string): ICAL.Component | null {
  if (hasTooManyParameters(text)) return null;
  try {
    const parsed: unknown = ICAL.parse(text);
    const component = new ICAL.Component(parsed as unknown[]);
    return component.name === "vcalendar" ? component : null;
  } catch {
    return null;
  }
}

/** Whether the text is an iCalendar document ical.js can read. */
export function isCalendarText(text: string): boolean {
  return parseCalendar(text) !== null;
}

/** The calendar's own name (X-WR-CALNAME or NAME), if it gives one. */
export function calendarNameOf(text: string): string | null {
  const calendar = parseCalendar(text);
  const name = calendar?.getFirstPropertyValue("x-wr-calname") ?? calendar?.getFirstPropertyValue("name");
  // The name is the sender's: a line break or other control character in it would reach every page.
  // eslint-disable-next-line no-control-regex
  const clean = typeof name === "string" ? name.replace(/[\u0000-\u001f\u007f]+/g, " ").trim() : "";
  return clean !== "" ? clean.slice(0, 100) : null;
}

interface Window {
  /** Timed events ending after this instant and starting before `endMs` are in it. */
  startMs: number;
  endMs: number;
  /** All-day events touching these days (from inclusive, to exclusive). */
  fromDay: string;
  toDayExclusive: string;
}

function windowOf(range: ExpandRange): Window {
  const [fy, fm, fd] = range.from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split("-").map(Number) as [number, number, number];
  const after = new Date(Date.UTC(ty, tm - 1, td + 1));
  return {
    startMs: wallTimeToInstant({ year: fy, month: fm, day: fd, hour: 0, minute: 0 }, range.timeZone),
    endMs: wallTimeToInstant(
      { year: after.getUTCFullYear(), month: after.getUTCMonth() + 1, day: after.getUTCDate(), hour: 0, minute: 0 },
      range.timeZone,
    ),
    fromDay: range.from,
    toDayExclusive: after.toISOString().slice(0, 10),
  };
}

function textOf(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** An occurrence as the API gives it, or null when it is outside the window. */
function occurrence(
  item: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  recurrenceId: string,
  window: Window,
  viewerZone: string,
): ExpandedEvent | null {
  const base = {
    uid: item.uid ?? "",
    recurrenceId,
    title: (textOf(item.component, "summary") ?? "(no title)").slice(0, 500),
    location: textOf(item.component, "location")?.slice(0, 500) ?? null,
  };
  if (start.isDate) {
    const first = dateOnly(start);
    let last = end.isDate ? dateOnly(end) : dateOnly(start);
    // An all-day event lasts at least its day (an end on or before its start is a one-day event).
    if (last <= first) {
      const next = start.clone();
      next.day += 1;
      last = dateOnly(next);
    }
    if (last <= window.fromDay || first >= window.toDayExclusive) return null;
    return { ...base, start: first, end: last, allDay: true };
  }
  const startMs = instantOf(start, viewerZone);
  const endMs = Math.max(startMs, instantOf(end, viewerZone));
  // A zero-length event (no DTEND, no DURATION) is shown at its start when that is in the window.
  const inside =
    endMs === startMs
      ? startMs >= window.startMs && startMs < window.endMs
      : endMs > window.startMs && startMs < window.endMs;
  if (!inside) return null;
  return { ...base, start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), allDay: false };
}

/** Whether an occurrence starting at `start` can still fall in the window: false once it is past it. */
function beforeWindowEnd(start: ICAL.Time, window: Window, viewerZone: string): boolean {
  if (start.isDate) return dateOnly(start) < window.toDayExclusive;
  return instantOf(start, viewerZone) < window.endMs;
}

/**
 * The events of one iCalendar text in the range, sorted by start. `budget` is what the request may
 * still spend, shared with its other texts and calendars; what this spends is taken from it.
 */
export function expandCalendar(text: string, range: ExpandRange, budget: ExpandBudget = newBudget()): ExpandedEvent[] {
  if (spent(budget)) return [];
  const calendar = parseCalendar(text);
  if (!calendar) return [];
  const timeZone = canonicalTimeZone(range.timeZone) ?? "UTC";
  const window = windowOf({ ...range, timeZone });
  const fromYear = Number(range.from.slice(0, 4));
  const toYear = Number(range.to.slice(0, 4));
  const restore = registerZones(calendar, fromYear - 1, toYear + 1);
  try {
    return expandEvents(calendar, window, timeZone, budget);
  } finally {
    restore();
  }
}

/** Days a month can have (February 29 is possible: leap years come). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function numbers(value: unknown): number[] | null {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  const parsed = list.map(Number);
  return parsed.every((entry) => Number.isInteger(entry)) ? parsed : null;
}

function allWithin(list: number[], low: number, high: number, zeroAllowed = true): boolean {
  return list.every((value) => Math.abs(value) >= low && Math.abs(value) <= high && (zeroAllowed || value !== 0));
}

/**
 * Whether a rule can ever give an occurrence ical.js finds. ical.js 2.2 searches inside one
 * next() call until a match, without looking at COUNT or UNTIL, so a rule that never matches
 * (February 30, April 31, a 25th hour) holds the thread for good; for some it invents a day
 * instead (February 30 as March 2). Such a rule is skipped, not expanded.
 */
export function ruleCanOccur(rule: ICAL.Recur): boolean {
  const parts = rule.parts as Record<string, unknown>;
  const months = numbers(parts.BYMONTH);
  const monthDays = numbers(parts.BYMONTHDAY);
  const yearDays = numbers(parts.BYYEARDAY);
  const weeks = numbers(parts.BYWEEKNO);
  const hours = numbers(parts.BYHOUR);
  const minutes = numbers(parts.BYMINUTE);
  const seconds = numbers(parts.BYSECOND);
  const positions = numbers(parts.BYSETPOS);
  if (!months || !monthDays || !yearDays || !weeks || !hours || !minutes || !seconds || !positions) return false;
  if (!months.every((month) => month >= 1 && month <= 12)) return false;
  if (!allWithin(monthDays, 1, 31, false) || !allWithin(yearDays, 1, 366, false)) return false;
  if (!allWithin(weeks, 1, 53, false) || !allWithin(positions, 1, 366, false)) return false;
  // RFC 5545 (3.3.10) forbids these pairings, and ical.js searches for ever on some of them
  // (FREQ=DAILY;BYWEEKNO=53;BYMONTH=6).
  if (weeks.length > 0 && rule.freq !== "YEARLY") return false;
  if (yearDays.length > 0 && ["DAILY", "WEEKLY", "MONTHLY"].includes(rule.freq)) return false;
  if (monthDays.length > 0 && rule.freq === "WEEKLY") return false;
  if (!hours.every((hour) => hour >= 0 && hour <= 23)) return false;
  if (!minutes.every((minute) => minute >= 0 && minute <= 59)) return false;
  if (!seconds.every((second) => second >= 0 && second <= 60)) return false;
  if (monthDays.length > 0 && months.length > 0) {
    const fits = months.some((month) => monthDays.some((day) => Math.abs(day) <= MONTH_DAYS[month - 1]!));
    if (!fits) return false;
  }
  return true;
}

/**
 * Whether a recurring event can be expanded: "large" when it is too costly to set up (a limit,
 * which the answer reports), "never" when a rule of it can never occur (it has no occurrences).
 */
function expandable(event: ICAL.Event): "ok" | "large" | "never" {
  const properties = event.component.getAllProperties();
  if (properties.length > MAX_PROPERTIES_PER_EVENT) return "large";
  let dates = 0;
  for (const property of properties) {
    if (property.name === "exdate" || property.name === "rdate") {
      dates += property.getValues().length;
      if (dates > MAX_DATES_PER_EVENT) return "large";
    } else if (property.name === "rrule") {
      const rule = property.getFirstValue();
      if (!(rule instanceof ICAL.Recur) || !ruleCanOccur(rule)) return "never";
    }
  }
  return "ok";
}

/**
 * The series started again shortly before the window, when that gives the same occurrences there:
 * a DAILY or WEEKLY rule without COUNT repeats whole periods of INTERVAL days or weeks from its
 * start, so a start moved by whole periods (on the wall clock) keeps every later occurrence,
 * BYDAY and the rest included. A moved start may itself not match the rule, but it lies before the
 * window, where nothing is shown. COUNT needs the occurrences before (not moved), and so do rules
 * by month or year (their few hundred steps cost little).
 */
function fastForward(master: ICAL.Event, window: Window, viewerZone: string): ICAL.Event {
  const rules = master.component.getAllProperties("rrule");
  if (rules.length !== 1) return master;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count || (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")) return master;
  const start = master.startDate;
  const periodDays = Math.max(1, rule.interval || 1) * (rule.freq === "WEEKLY" ? 7 : 1);
  const startMs = start.isDate ? Date.parse(`${dateOnly(start)}T00:00:00Z`) : instantOf(start, viewerZone);
  // A margin of eight days before the window: a long occurrence that began then still shows.
  const gapDays = Math.floor((window.startMs - 8 * DAY_MS - startMs) / DAY_MS);
  const periods = Math.floor(gapDays / periodDays);
  if (periods <= 0) return master;
  const copy = new ICAL.Event(new ICAL.Component(master.component.toJSON()));
  const end = master.endDate.clone();
  const moved = start.clone();
  moved.adjust(periods * periodDays, 0, 0, 0);
  end.adjust(periods * periodDays, 0, 0, 0);
  copy.startDate = moved;
  if (copy.component.hasProperty("dtend")) copy.endDate = end;
  for (const exception of Object.values(master.exceptions)) copy.relateException(exception);
  return copy;
}

function expandEvents(
  calendar: ICAL.Component,
  window: Window,
  viewerZone: string,
  budget: ExpandBudget,
): ExpandedEvent[] {
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Event[] = [];
  const components = calendar.getAllSubcomponents("vevent");
  if (components.length > MAX_VEVENTS) budget.cut = true;
  for (const component of components.slice(0, MAX_VEVENTS)) {
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component);
      if (!event.startDate) continue;
    } catch {
      continue;
    }
    if (component.hasProperty("recurrence-id")) overrides.push(event);
    else if (event.uid && masters.has(event.uid)) continue;
    else masters.set(event.uid ?? `#${masters.size}`, event);
  }
  const orphans: ICAL.Event[] = [];
  for (const override of overrides) {
    const master = override.uid ? masters.get(override.uid) : undefined;
    if (master?.isRecurring()) master.relateException(override);
    else orphans.push(override);
  }
  const events: ExpandedEvent[] = [];
  const later = shifted(window);
  const push = (event: ExpandedEvent | null) => {
    if (!event) return;
    if (budget.events <= 0) {
      budget.cut = true;
      return;
    }
    budget.events -= 1;
    events.push(event);
  };
  for (const original of masters.values()) {
    // Checked before any setup: past the budget, no series is copied or started.
    if (spent(budget)) break;
    budget.steps -= 1;
    try {
      if (!original.isRecurring()) {
        push(occurrence(original, original.startDate, original.endDate, "", window, viewerZone));
        continue;
      }
      const verdict = expandable(original);
      if (verdict !== "ok") {
        if (verdict === "large") budget.cut = true;
        continue;
      }
      const master = fastForward(original, window, viewerZone);
      const freq = (master.component.getFirstPropertyValue("rrule") as ICAL.Recur | null)?.freq ?? "";
      const maxSteps = SUB_DAILY.has(freq) ? MAX_STEPS_SUB_DAILY : MAX_STEPS_PER_SERIES;
      const hasOverrides = Object.keys(master.exceptions).length > 0;
      const iterator = master.iterator();
      for (let step = 0; step < maxSteps && !spent(budget); step += 1) {
        budget.steps -= 1;
        const next = iterator.next();
        if (!next) break;
        const details = master.getOccurrenceDetails(next);
        // A moved occurrence may land in the window from outside it: its original start decides
        // nothing, its new one does; the series ends once its original starts pass the window.
        push(
          occurrence(
            details.item,
            details.startDate,
            details.endDate,
            details.recurrenceId.toString(),
            window,
            viewerZone,
          ),
        );
        if (!beforeWindowEnd(next, hasOverrides ? later : window, viewerZone)) break;
      }
    } catch {
      // One broken event (an RRULE ical.js cannot read) must not hide the rest of the calendar.
      continue;
    }
  }
  for (const orphan of orphans) {
    if (spent(budget)) break;
    budget.steps -= 1;
    try {
      push(
        occurrence(orphan, orphan.startDate, orphan.endDate, orphan.recurrenceId?.toString() ?? "", window, viewerZone),
      );
    } catch {
      continue;
    }
  }
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.title.localeCompare(b.title)));
}

/**
 * The window a year longer: a series with overrides is walked on while an original start could
 * still be moved back into the window (an override rarely moves an occurrence further than that).
 */
function shifted(window: Window): Window {
  return { ...window, endMs: window.endMs + 366 * DAY_MS, toDayExclusive: addDays(window.toDayExclusive, 366) };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
