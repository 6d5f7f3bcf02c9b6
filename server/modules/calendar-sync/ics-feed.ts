import ICAL from "ical.js";
import type { Priority } from "../../../domain/task-rules.js";
import { offsetAt, utcInstant, vtimezone, wallTimeToInstant, withFourDigitYear } from "./vtimezone.js";

/**
 * A feed's text (docs/calendar.md). Calendar apps ignore VTODO in subscriptions, so each task is
 * a VEVENT on its deadline: a date alone is an all-day event, a time is a half-hour block at that
 * time in the deadline's zone, with the zone's VTIMEZONE (never a floating time). Everything in it
 * comes from the tasks, never from the clock or the server's zone, so the same tasks give the same
 * bytes: an unchanged feed keeps its ETag.
 */

export interface FeedTask {
  id: string;
  title: string;
  notes: string;
  /** "2026-12-24" or "2026-12-24T18:30". */
  deadline: string;
  deadlineTimeZone: string | null;
  repeatRule: string | null;
  repeatFromCompletion: boolean;
  priority: Priority;
  completed: boolean;
  updatedAt: string;
  groupName: string;
}

export interface FeedOptions {
  /** The calendar's name in the app ("Tandem: Home"). */
  name: string;
  /** The instance's address, for each task's link. */
  origin: string;
}

/** How long a timed deadline's block lasts. */
export const TIMED_BLOCK_MINUTES = 30;
/** RFC 5545 PRIORITY: 1 is the highest, 9 the lowest; medium is the middle. */
const PRIORITY: Record<Priority, number> = { high: 1, medium: 5, low: 9 };

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function deadlineParts(deadline: string): Parts & { timed: boolean } {
  const [date = "", time] = deadline.split("T");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time ? (time.split(":").map(Number) as [number, number]) : [0, 0];
  return { year, month, day, hour, minute, timed: time !== undefined };
}

/** The day after, on the calendar. */
function nextDay(parts: Parts): Parts {
  const moved = new Date(utcInstant(parts.year, parts.month, parts.day + 1));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), hour: 0, minute: 0 };
}

/**
 * What the zone's clocks show `minutes` after the wall time, across a DST change too. Read off
 * the offset rather than Intl, which writes the year 0 as "1 BC".
 */
function wallTimeAfter(parts: Parts, minutes: number, zone: string): Parts {
  const at = wallTimeToInstant(parts, zone) + minutes * 60_000;
  const shown = new Date(at + offsetAt(zone, at) * 60_000);
  return {
    year: shown.getUTCFullYear(),
    month: shown.getUTCMonth() + 1,
    day: shown.getUTCDate(),
    hour: shown.getUTCHours(),
    minute: shown.getUTCMinutes(),
  };
}

function dateProperty(name: string, parts: Parts, allDay: boolean, zone: string): ICAL.Property {
  const property = new ICAL.Property(name);
  if (allDay) {
    property.setValue(ICAL.Time.fromData({ year: parts.year, month: parts.month, day: parts.day, isDate: true }));
  } else {
    property.setParameter("tzid", zone);
    property.setValue(ICAL.Time.fromData({ ...parts, second: 0 }));
  }
  return withFourDigitYear(property);
}

function utcProperty(name: string, instant: string): ICAL.Property {
  const property = new ICAL.Property(name);
  const at = new Date(instant);
  property.setValue(
    ICAL.Time.fromData(
      {
        year: at.getUTCFullYear(),
        month: at.getUTCMonth() + 1,
        day: at.getUTCDate(),
        hour: at.getUTCHours(),
        minute: at.getUTCMinutes(),
        second: at.getUTCSeconds(),
      },
      ICAL.Timezone.utcTimezone,
    ),
  );
  return property;
}

/**
 * Text as RFC 5545 allows it: no control characters but tab and the line breaks ical.js escapes.
 * A title may carry others (pasted text); a calendar app may refuse the whole feed over one.
 */
// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");

function event(task: FeedTask, options: FeedOptions): ICAL.Component {
  const component = new ICAL.Component("vevent");
  const deadline = deadlineParts(task.deadline);
  const zone = task.deadlineTimeZone ?? "UTC";
  // The UID names the task, so an app keeps its copy of the event across refreshes.
  component.addPropertyWithValue("uid", `${task.id}@tandem-task`);
  component.addProperty(utcProperty("dtstamp", task.updatedAt));
  component.addProperty(utcProperty("last-modified", task.updatedAt));
  component.addPropertyWithValue("summary", clean(task.completed ? `✓ ${task.title}` : task.title));
  component.addProperty(dateProperty("dtstart", deadline, !deadline.timed, zone));
  const end = deadline.timed ? wallTimeAfter(deadline, TIMED_BLOCK_MINUTES, zone) : nextDay(deadline);
  // An end in the year 10000 has no four-digit form: a duration says the same.
  if (end.year > 9999)
    component.addPropertyWithValue(
      "duration",
      ICAL.Duration.fromString(deadline.timed ? `PT${TIMED_BLOCK_MINUTES}M` : "P1D"),
    );
  else component.addProperty(dateProperty("dtend", end, !deadline.timed, zone));
  // A repeat counted from each completion has no fixed dates to give: only the next one is shown.
  if (task.repeatRule && !task.repeatFromCompletion) {
    component.addPropertyWithValue("rrule", ICAL.Recur.fromString(task.repeatRule));
  }
  const link = `${options.origin}/task-detail-page?id=${encodeURIComponent(task.id)}`;
  component.addPropertyWithValue("description", task.notes ? `${clean(task.notes)}\n\n${link}` : link);
  component.addPropertyWithValue("url", link);
  component.addPropertyWithValue("categories", clean(task.groupName));
  component.addPropertyWithValue("priority", PRIORITY[task.priority]);
  // An event, not an appointment: it does not make the user busy.
  component.addPropertyWithValue("transp", "TRANSPARENT");
  return component;
}

/** The years a zone's VTIMEZONE must cover: the events', a year either side, ten more for repeats. */
function zoneYears(tasks: readonly FeedTask[]): Map<string, { from: number; to: number }> {
  const years = new Map<string, { from: number; to: number }>();
  for (const task of tasks) {
    const deadline = deadlineParts(task.deadline);
    if (!deadline.timed) continue;
    const zone = task.deadlineTimeZone ?? "UTC";
    const last = deadline.year + 1 + (task.repeatRule && !task.repeatFromCompletion ? 10 : 0);
    const known = years.get(zone);
    years.set(zone, {
      from: Math.min(known?.from ?? Infinity, deadline.year - 1),
      to: Math.max(known?.to ?? -Infinity, last),
    });
  }
  return years;
}

function vcalendar(): ICAL.Component {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", "-//Tandem//Task calendar//EN");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  return calendar;
}

function addZones(calendar: ICAL.Component, tasks: readonly FeedTask[]): void {
  const years = zoneYears(tasks);
  for (const zone of [...years.keys()].sort()) {
    const { from, to } = years.get(zone)!;
    calendar.addSubcomponent(vtimezone(zone, from, Math.min(to, from + 40)));
  }
}

/**
 * One task as a calendar object resource of its own, the event a push puts into an outside
 * CalDAV calendar (docs/calendar.md, "Tasks in your calendar"): the feed's VEVENT with its
 * VTIMEZONE, and no METHOD, which RFC 4791 forbids in a stored object.
 */
export function buildEventObject(task: FeedTask, origin: string): string {
  const calendar = vcalendar();
  addZones(calendar, [task]);
  calendar.addSubcomponent(event(task, { name: "", origin }));
  return `${calendar.toString()}\r\n`;
}

/** The feed: the tasks in deadline order (then by id), each zone's VTIMEZONE before them. */
export function buildFeed(tasks: readonly FeedTask[], options: FeedOptions): string {
  const calendar = vcalendar();
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("name", options.name);
  calendar.addPropertyWithValue("x-wr-calname", options.name);
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H"));
  calendar.addPropertyWithValue("x-published-ttl", "PT1H");
  addZones(calendar, tasks);
  const ordered = [...tasks].sort((a, b) =>
    a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const task of ordered) calendar.addSubcomponent(event(task, options));
  return `${calendar.toString()}\r\n`;
}
