import ICAL from "ical.js";
import { canonicalTimeZone, wallClockAt } from "../../../domain/time-zones.js";

/**
 * VTIMEZONE components made from the zone data the runtime carries (Intl, kept current with
 * Node's ICU), so a feed's TZID times mean the same in every calendar app and the output never
 * depends on the server's own zone (docs/calendar.md). Each offset change in the years asked for
 * is one observance, its DTSTART the local time just before it (RFC 5545, 3.6.5).
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/**
 * The years a VTIMEZONE can speak of. A deadline may be in any year from 0000 to 9999, but
 * Date.UTC reads 0–99 as 1900–1999 (a scan "from the year -1 to 1" would walk 1,900 years, day by
 * day, seconds of CPU for one task) and Intl writes years before 1 with an era; 1000–9999 is what
 * iCalendar's four digits and the zone data can say (from 1001, so the first observance's local
 * start, hours before the year on a zone west of UTC, still has four digits), and before that
 * every zone is on its local mean time anyway.
 */
const FIRST_YEAR = 1001;
const LAST_YEAR = 9999;

function coveredYears(fromYear: number, toYear: number): { from: number; to: number } {
  const from = Math.min(Math.max(fromYear, FIRST_YEAR), LAST_YEAR);
  return { from, to: Math.min(Math.max(toYear, from), LAST_YEAR) };
}

export interface OffsetChange {
  /** The instant the new offset starts. */
  at: number;
  /** Minutes east of UTC before and after. */
  from: number;
  to: number;
}

/** Date.UTC without its reading of the years 0–99 as 1900–1999: a deadline may be in the year 0026. */
export function utcInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Intl names the years before 1 with an era (the year 0 is "1 BC"): such instants are asked about as the year 1, on local mean time as well. */
const EARLIEST_ASKED = utcInstant(1, 1, 3);

/** Minutes east of UTC in the zone at `at` (seconds of old local mean times are rounded away). */
export function offsetAt(zone: string, at: number): number {
  const asked = Math.max(at, EARLIEST_ASKED);
  const clock = wallClockAt(asked, zone);
  const local = utcInstant(clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((local - Math.floor(asked / 1000) * 1000) / MINUTE_MS);
}

/**
 * ical.js writes a year before 1000 with fewer digits ("50-03-01"), which no reader takes,
 * ical.js included: the property's text gets the four digits RFC 5545 asks for.
 */
export function withFourDigitYear(property: ICAL.Property): ICAL.Property {
  const text = property.jCal[3];
  if (typeof text === "string")
    property.jCal[3] = text.replace(/^(\d{1,3})-/, (_match, year: string) => `${year.padStart(4, "0")}-`);
  return property;
}

/**
 * The instant a wall-clock time in the zone names, read as RFC 5545 (3.3.5) says: a time that
 * occurs twice (clocks go back) is the first of the two, a time that never occurs (clocks go
 * forward) is read with the offset before the gap, so 02:30 on a spring-forward night is 03:30.
 */
export function wallTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): number {
  const naive = utcInstant(wall.year, wall.month, wall.day, wall.hour, wall.minute);
  const before = offsetAt(zone, naive - 1.5 * DAY_MS);
  const after = offsetAt(zone, naive + 1.5 * DAY_MS);
  const fits = [naive - before * MINUTE_MS, naive - after * MINUTE_MS].filter(
    (candidate) => candidate + offsetAt(zone, candidate) * MINUTE_MS === naive,
  );
  return fits.length > 0 ? Math.min(...fits) : naive - before * MINUTE_MS;
}

/**
 * Scans already made, by canonical zone name and years; least recently used out past the bound,
 * since the years asked for follow the ranges people look at.
 */
const changesCache = new Map<string, OffsetChange[]>();
const MAX_CACHED_SCANS = 200;

/** How many scans are kept (tests check that spellings of one zone share one). */
export function cachedOffsetChangeCount(): number {
  return changesCache.size;
}

/** Every offset change from the start of `fromYear` to the end of `toYear`, found day by day then to the minute. */
export function offsetChanges(zone: string, askedFrom: number, askedTo: number): OffsetChange[] {
  const { from: fromYear, to: toYear } = coveredYears(askedFrom, askedTo);
  const key = `${canonicalTimeZone(zone) ?? "UTC"} ${fromYear} ${toYear}`;
  const cached = changesCache.get(key);
  if (cached) {
    changesCache.delete(key);
    changesCache.set(key, cached);
    return cached;
  }
  const changes: OffsetChange[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  let time = Date.UTC(fromYear, 0, 1);
  let offset = offsetAt(zone, time);
  while (time < end) {
    const next = Math.min(time + DAY_MS, end);
    const nextOffset = offsetAt(zone, next);
    if (nextOffset !== offset) {
      // The first minute of the new offset lies in (time, next].
      let low = time;
      let high = next;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(zone, middle) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: high, from: offset, to: offsetAt(zone, high) });
    }
    time = next;
    offset = nextOffset;
  }
  if (changesCache.size >= MAX_CACHED_SCANS) changesCache.delete(changesCache.keys().next().value!);
  changesCache.set(key, changes);
  return changes;
}

/** A UTC offset as ical.js takes it ("+01:00", "-03:30"); it writes "+0100", "-0330". */
function utcOffset(minutes: number): ICAL.UtcOffset {
  const absolute = Math.abs(minutes);
  return new ICAL.UtcOffset({ hours: Math.floor(absolute / 60), minutes: absolute % 60, factor: minutes < 0 ? -1 : 1 });
}

/** The local time `at` shows under `offset` minutes, as an ICAL floating time. */
function localTime(at: number, offset: number): ICAL.Time {
  const shifted = new Date(at + offset * MINUTE_MS);
  return ICAL.Time.fromData({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  });
}

function observance(kind: "standard" | "daylight", start: ICAL.Time, from: number, to: number): ICAL.Component {
  const component = new ICAL.Component(kind);
  component.addPropertyWithValue("dtstart", start);
  component.addPropertyWithValue("tzoffsetfrom", utcOffset(from));
  component.addPropertyWithValue("tzoffsetto", utcOffset(to));
  return component;
}

/**
 * The zone's VTIMEZONE for times in `fromYear`..`toYear`: the offset in force at the start, then
 * each change. A change to a larger offset than before is DAYLIGHT, any other STANDARD; a zone
 * that never changes has the one STANDARD observance.
 */
export function vtimezone(zone: string, askedFrom: number, askedTo: number): ICAL.Component {
  const { from: fromYear, to: toYear } = coveredYears(askedFrom, askedTo);
  const component = new ICAL.Component("vtimezone");
  component.addPropertyWithValue("tzid", zone);
  const start = Date.UTC(fromYear, 0, 1);
  const initial = offsetAt(zone, start);
  component.addSubcomponent(observance("standard", localTime(start, initial), initial, initial));
  for (const change of offsetChanges(zone, fromYear, toYear)) {
    const kind = change.to > change.from ? "daylight" : "standard";
    component.addSubcomponent(observance(kind, localTime(change.at, change.from), change.from, change.to));
  }
  return component;
}
