import ICAL from "ical.js";
import { isCalendarDate } from "../../../../domain/calendar.js";
import type { Subtask, Task } from "../../../../domain/tasks.js";
import type { Priority } from "../../../../domain/task-rules.js";
import { hasTooManyParameters } from "../ical-limits.js";
import { vtimezone, withFourDigitYear } from "../vtimezone.js";

/**
 * Tasks as VTODO (docs/calendar.md, "CalDAV"). What a calendar app sent is kept as it sent it and
 * our fields are written into it on the way out, so a property or component Tandem has no field
 * for (an alarm, a location, an app's own X- property) comes back unchanged. The output depends
 * only on the task and that text, so the same state gives the same bytes and the same ETag.
 */

const PRODID = "-//Tandem//CalDAV tasks//EN";
/** RFC 5545 PRIORITY: 1 highest, 9 lowest, 0 undefined. */
const PRIORITY_OUT: Record<Priority, number> = { high: 1, medium: 5, low: 9 };
/** Set on a task that repeats from each completion ("every! 3 days"), which RRULE cannot say. */
const FROM_COMPLETION = "x-tandem-repeat-from-completion";

export function priorityIn(value: number | null): Priority {
  if (value === null || value === 0 || Number.isNaN(value)) return "medium";
  if (value <= 4) return "high";
  if (value === 5) return "medium";
  return "low";
}

/** The UID a task or subtask has when no calendar app named it. */
export const defaultUid = (taskId: string, subtaskId = "") =>
  subtaskId === "" ? `${taskId}@tandem-task` : `${taskId}.${subtaskId}@tandem-task`;

export class ICalendarError extends Error {}

export function parseCalendar(text: string): ICAL.Component {
  if (hasTooManyParameters(text)) throw new ICalendarError("A property has too many parameters");
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new ICalendarError(error instanceof Error ? error.message : "Not iCalendar text");
  }
  // Several VCALENDARs in one body come back as an array of them.
  if (!Array.isArray(parsed) || typeof parsed[0] !== "string") throw new ICalendarError("One VCALENDAR per resource");
  const calendar = new ICAL.Component(parsed as [string, unknown[], unknown[]]);
  if (calendar.name !== "vcalendar") throw new ICalendarError("Not a VCALENDAR");
  try {
    decodeValues(calendar);
  } catch (error) {
    throw new ICalendarError(error instanceof Error ? error.message : "A value is not readable");
  }
  return calendar;
}

/**
 * Decodes every value once. ical.js decodes a value only when it is first read and then throws a
 * plain Error ("DTSTART:garbage"): such a text, once stored, would fail every later read of the
 * calendar it is in, for every member of the group.
 */
function decodeValues(component: ICAL.Component): void {
  for (const property of component.getAllProperties()) property.getValues();
  for (const child of component.getAllSubcomponents()) decodeValues(child);
}

function utcTime(instant: string): ICAL.Time {
  const at = new Date(instant);
  return ICAL.Time.fromData(
    {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      day: at.getUTCDate(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
    },
    ICAL.Timezone.utcTimezone,
  );
}

function setValue(component: ICAL.Component, name: string, value: string | number | ICAL.Time | ICAL.Recur): void {
  component.removeAllProperties(name);
  component.addPropertyWithValue(name, value);
}

/** The stored text's calendar and its VTODO of this UID, or a new pair. */
function startFrom(stored: string | null, uid: string): { calendar: ICAL.Component; todo: ICAL.Component } {
  if (stored !== null) {
    try {
      const calendar = parseCalendar(stored);
      // The master, not an override of one occurrence (RECURRENCE-ID), holds the task's fields.
      const todos = calendar
        .getAllSubcomponents("vtodo")
        .filter((candidate) => !candidate.hasProperty("recurrence-id"));
      const todo = todos.find((candidate) => candidate.getFirstPropertyValue("uid") === uid) ?? todos[0];
      if (todo) return { calendar, todo };
    } catch {
      // Text stored by an older version we can no longer read: start afresh rather than fail the read.
    }
  }
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", PRODID);
  const todo = new ICAL.Component("vtodo");
  todo.addPropertyWithValue("uid", uid);
  calendar.addSubcomponent(todo);
  return { calendar, todo };
}

function finish(calendar: ICAL.Component): string {
  if (!calendar.hasProperty("version")) calendar.addPropertyWithValue("version", "2.0");
  if (!calendar.hasProperty("prodid")) calendar.addPropertyWithValue("prodid", PRODID);
  return `${calendar.toString()}\r\n`;
}

function writeStatus(todo: ICAL.Component, completed: boolean, completedAt: string | null, updatedAt: string): void {
  const status = String(todo.getFirstPropertyValue("status") ?? "").toUpperCase();
  if (completed) {
    setValue(todo, "status", "COMPLETED");
    setValue(todo, "completed", utcTime(completedAt ?? updatedAt));
    setValue(todo, "percent-complete", 100);
    return;
  }
  todo.removeAllProperties("completed");
  // An app's own "in process" or "cancelled" stays; a reopened task needs action again.
  if (status === "" || status === "COMPLETED") setValue(todo, "status", "NEEDS-ACTION");
  if (Number(todo.getFirstPropertyValue("percent-complete") ?? 0) >= 100) todo.removeAllProperties("percent-complete");
}

function writeDeadline(calendar: ICAL.Component, todo: ICAL.Component, task: Task): void {
  todo.removeAllProperties("due");
  if (!task.deadline) return;
  const [date = "", time] = task.deadline.split("T");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const due = new ICAL.Property("due");
  if (time === undefined) {
    due.setValue(ICAL.Time.fromData({ year, month, day, isDate: true }));
  } else {
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const zone = task.deadlineTimeZone ?? "UTC";
    if (zone === "UTC") {
      due.setValue(ICAL.Time.fromData({ year, month, day, hour, minute, second: 0 }, ICAL.Timezone.utcTimezone));
    } else {
      due.setParameter("tzid", zone);
      due.setValue(ICAL.Time.fromData({ year, month, day, hour, minute, second: 0 }));
      // Ours replaces an app's copy of the zone: it covers this deadline's years for certain.
      for (const old of calendar.getAllSubcomponents("vtimezone")) {
        if (old.getFirstPropertyValue("tzid") === zone) calendar.removeSubcomponent(old);
      }
      const last = year + 1 + (task.repeat ? 10 : 0);
      calendar.addSubcomponent(vtimezone(zone, year - 1, last));
    }
  }
  todo.addProperty(withFourDigitYear(due));
  // A start after the deadline would make the VTODO invalid (RFC 5545, 3.8.2.3): the deadline wins.
  const start = todo.getFirstPropertyValue("dtstart");
  if (start instanceof ICAL.Time && start.compare(due.getFirstValue() as ICAL.Time) > 0)
    todo.removeAllProperties("dtstart");
}

export interface TaskView {
  uid: string;
  /** The text the app sent for this resource, if any. */
  stored: string | null;
  /** The label of the task's category, and every word naming one of the group's (to tell an app's own categories apart). */
  categoryLabel: string | null;
  categoryLabels: ReadonlySet<string>;
}

/** A task as one calendar object resource. */
export function renderTask(task: Task, view: TaskView): string {
  const { calendar, todo } = startFrom(view.stored, view.uid);
  setValue(todo, "uid", view.uid);
  setValue(todo, "dtstamp", utcTime(task.updatedAt));
  setValue(todo, "last-modified", utcTime(task.updatedAt));
  if (!todo.hasProperty("created")) todo.addPropertyWithValue("created", utcTime(task.createdAt));
  setValue(todo, "summary", task.title);
  todo.removeAllProperties("description");
  if (task.notes !== "") todo.addPropertyWithValue("description", task.notes);
  writeDeadline(calendar, todo, task);
  writeStatus(todo, task.completed, task.completedAt, task.updatedAt);
  setValue(todo, "priority", PRIORITY_OUT[task.priority]);
  todo.removeAllProperties("rrule");
  todo.removeAllProperties(FROM_COMPLETION);
  if (task.repeat) {
    todo.addPropertyWithValue("rrule", ICAL.Recur.fromString(task.repeat.rule));
    if (task.repeat.fromCompletion) todo.addPropertyWithValue(FROM_COMPLETION, "TRUE");
  }
  // The app's own categories stay beside ours; ours comes first.
  const theirs = todo
    .getAllProperties("categories")
    .flatMap((property) => property.getValues().map(String))
    .filter((value) => !view.categoryLabels.has(value));
  todo.removeAllProperties("categories");
  const categories = [...(view.categoryLabel ? [view.categoryLabel] : []), ...theirs];
  if (categories.length > 0) {
    const property = new ICAL.Property("categories");
    property.setValues(categories);
    todo.addProperty(property);
  }
  return finish(calendar);
}

/** A subtask as a VTODO of its own, the child of its task (RELATED-TO;RELTYPE=PARENT). */
export function renderSubtask(
  task: Task,
  subtask: Subtask,
  view: { uid: string; parentUid: string; stored: string | null },
): string {
  const { calendar, todo } = startFrom(view.stored, view.uid);
  setValue(todo, "uid", view.uid);
  setValue(todo, "dtstamp", utcTime(task.updatedAt));
  if (!todo.hasProperty("created")) todo.addPropertyWithValue("created", utcTime(subtask.createdAt));
  setValue(todo, "summary", subtask.title);
  writeStatus(todo, subtask.completed, subtask.completedAt, task.updatedAt);
  for (const related of todo.getAllProperties("related-to")) {
    const type = String(related.getParameter("reltype") ?? "PARENT").toUpperCase();
    if (type === "PARENT") todo.removeProperty(related);
  }
  const parent = new ICAL.Property("related-to");
  parent.setParameter("reltype", "PARENT");
  parent.setValue(view.parentUid);
  todo.addProperty(parent);
  return finish(calendar);
}

/** A deadline as a calendar app sent it, before it is put on the owner's clock. */
export type IncomingDue =
  | { kind: "date"; date: string }
  | {
      kind: "time";
      wall: { year: number; month: number; day: number; hour: number; minute: number };
      /** An IANA zone, "UTC", or null for a floating time. */
      zone: string | null;
    };

export interface IncomingTodo {
  calendar: ICAL.Component;
  uid: string;
  summary: string;
  description: string;
  due: IncomingDue | null;
  completed: boolean;
  priority: Priority;
  rrule: string | null;
  fromCompletion: boolean;
  categories: string[];
  /** The UID of the parent VTODO (RELATED-TO, RELTYPE PARENT or none), if any. */
  parentUid: string | null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

function readDue(todo: ICAL.Component): IncomingDue | null {
  const property = todo.getFirstProperty("due");
  if (!property) return null;
  let value: unknown;
  try {
    // ical.js reads a value only when asked, and throws a plain Error for one it cannot read ("DUE:tomorrow").
    value = property.getFirstValue();
  } catch {
    throw new ICalendarError("DUE is not a date");
  }
  if (!(value instanceof ICAL.Time)) throw new ICalendarError("DUE is not a date");
  // ical.js rolls an impossible date or time over ("20260230" is read as 2 March): the app would
  // keep a deadline the calendar app never sent, so it is refused as the app refuses it.
  if (!isRealDateOrTime(String(property.jCal[3] ?? ""))) throw new ICalendarError("DUE is not a real date");
  if (value.year < 1900 || value.year > 2999) throw new ICalendarError("DUE is out of range");
  if (value.isDate) return { kind: "date", date: `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}` };
  const tzid = property.getParameter("tzid");
  const zone = value.zone === ICAL.Timezone.utcTimezone ? "UTC" : typeof tzid === "string" ? tzid : null;
  return {
    kind: "time",
    wall: { year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute },
    zone,
  };
}

/** "2026-12-24" or "2026-12-24T18:30:00" (Z or not), as ical.js holds it, naming a day and time that exist. */
function isRealDateOrTime(raw: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z?)?$/.exec(raw);
  if (!match || !isCalendarDate(match[1]!)) return false;
  return match[2] === undefined || (Number(match[2]) <= 23 && Number(match[3]) <= 59 && Number(match[4]) <= 60);
}

/** The one VTODO of a calendar object resource, as Tandem's fields; the calendar itself kept for storing. */
export function readTodo(text: string): IncomingTodo {
  const calendar = parseCalendar(text);
  const others = calendar.getAllSubcomponents().filter((component) => component.name !== "vtimezone");
  const todos = others.filter((component) => component.name === "vtodo");
  if (todos.length === 0 || todos.length !== others.length)
    throw new ICalendarError("Only VTODO components belong here");
  const uids = new Set(todos.map((todo) => todo.getFirstPropertyValue("uid")));
  if (uids.size !== 1) throw new ICalendarError("All components of a resource share one UID");
  // A repeating task with exceptions (RECURRENCE-ID) is one resource; the master holds our fields.
  const todo = todos.find((candidate) => !candidate.hasProperty("recurrence-id")) ?? todos[0]!;
  const uid = String(todo.getFirstPropertyValue("uid") ?? "");
  if (uid === "" || uid.length > 500) throw new ICalendarError("A VTODO needs a UID");
  const status = String(todo.getFirstPropertyValue("status") ?? "").toUpperCase();
  const percent = Number(todo.getFirstPropertyValue("percent-complete") ?? 0);
  const completed = status !== "" ? status === "COMPLETED" : todo.hasProperty("completed") || percent >= 100;
  const priority = todo.getFirstPropertyValue("priority");
  const rrule = todo.getFirstPropertyValue("rrule");
  const parent = todo
    .getAllProperties("related-to")
    .find((property) => String(property.getParameter("reltype") ?? "PARENT").toUpperCase() === "PARENT");
  return {
    calendar,
    uid,
    summary: String(todo.getFirstPropertyValue("summary") ?? "").trim(),
    description: String(todo.getFirstPropertyValue("description") ?? ""),
    due: readDue(todo),
    completed,
    priority: priorityIn(priority === null ? null : Number(priority)),
    rrule: rrule instanceof ICAL.Recur ? rrule.toString() : null,
    fromCompletion: String(todo.getFirstPropertyValue(FROM_COMPLETION) ?? "").toUpperCase() === "TRUE",
    categories: todo.getAllProperties("categories").flatMap((property) => property.getValues().map(String)),
    parentUid: parent ? String(parent.getFirstValue()) : null,
  };
}
