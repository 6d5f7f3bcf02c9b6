import type { Element } from "@xmldom/xmldom";
import ICAL from "ical.js";
import type { AppDeps } from "../../../deps.js";
import type { User } from "../../../repositories/user-repository.js";
import { type DavResource, listResources, objects, resourcesOfTasks } from "./collection.js";
import { objectPath, parseDavPath } from "./paths.js";
import { objectProps, type PropRequest, propstats } from "./properties.js";
import { DavPreconditionError } from "./write.js";
import {
  CALDAV,
  child,
  children,
  DAV,
  element,
  escapeXml,
  is,
  multistatus,
  nameOf,
  qname,
  response,
  statusResponse,
  textOf,
} from "./xml.js";

/**
 * The REPORTs calendar apps use (docs/calendar.md, "CalDAV"): sync-collection (RFC 6578) over the
 * group's change log, calendar-query (RFC 4791, 7.8) with component, property and time-range
 * filters, and calendar-multiget (RFC 4791, 7.9).
 */

const TOKEN_PREFIX = "http://tandem/sync/";

export const syncToken = (groupId: string, seq: number) => `${TOKEN_PREFIX}${encodeURIComponent(groupId)}/${seq}`;

/** The change number a token of this group stands for; a token of another calendar or from the future is not valid. */
function readToken(token: string, groupId: string, latest: number): number {
  const invalid = () =>
    new DavPreconditionError(403, { ns: "DAV:", name: "valid-sync-token" }, "The sync token is not valid");
  if (!token.startsWith(TOKEN_PREFIX)) throw invalid();
  const [group, seq, ...rest] = token.slice(TOKEN_PREFIX.length).split("/");
  if (rest.length > 0 || group !== encodeURIComponent(groupId) || !/^\d{1,15}$/.test(seq ?? "")) throw invalid();
  const value = Number(seq);
  if (value > latest) throw invalid();
  return value;
}

/** What a REPORT's DAV:prop asks for (allprop when it names nothing). */
export function propRequestOf(parent: Element): PropRequest {
  const prop = child(parent, DAV, "prop");
  if (child(parent, DAV, "propname")) return { kind: "names" };
  if (!prop) return { kind: "all" };
  return { kind: "some", names: children(prop).map(nameOf) };
}

const objectResponse = (groupId: string, resource: DavResource, request: PropRequest) =>
  response(objectPath(groupId, resource.href), propstats(objectProps(resource, true), request));

/** DAV:limit's DAV:nresults, if the client set one. */
function limitOf(body: Element): number | null {
  const limit = child(body, DAV, "limit");
  const count = limit && child(limit, DAV, "nresults");
  if (!count) return null;
  const value = Number(textOf(count).trim());
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * An answer longer than the client's DAV:limit is refused as RFC 6578 (3.7) allows, rather than
 * cut: a cut answer needs a token for "part of the changes", which a change number cannot be.
 */
function withinLimit(body: Element, count: number): void {
  const limit = limitOf(body);
  if (limit !== null && count > limit)
    throw new DavPreconditionError(507, { ns: "DAV:", name: "number-of-matches-within-limits" }, "Over the limit");
}

export async function syncCollection(deps: AppDeps, user: User, groupId: string, body: Element): Promise<string> {
  const request = propRequestOf(body);
  const token = textOf(child(body, DAV, "sync-token") ?? body.ownerDocument!.createElement("x")).trim();
  // Read before the rows: a change landing in between is reported again next time, never missed.
  const latest = await deps.repositories.tasks.latestChange(groupId);
  if (token === "") {
    const resources = await listResources(deps, user, groupId);
    withinLimit(body, resources.length);
    return multistatus(
      resources.map((resource) => objectResponse(groupId, resource, request)),
      element(qname(DAV, "sync-token"), escapeXml(syncToken(groupId, latest))),
    );
  }
  const since = readToken(token, groupId, latest);
  const { taskIds, latest: newest } = await deps.repositories.tasks.changesSince(groupId, since);
  const resources = await resourcesOfTasks(deps, user, groupId, taskIds);
  const live = new Set(resources.map((resource) => resource.href));
  const known = await objects(deps).forTasks(groupId, taskIds);
  // Gone: every address the task or its subtasks had here that nothing answers at now.
  const gone = new Set(known.map((row) => row.href).filter((href) => !live.has(href)));
  const seen = new Set(resources.map((resource) => resource.taskId));
  for (const taskId of taskIds) {
    if (!seen.has(taskId) && !known.some((row) => row.task_id === taskId && row.subtask_id === ""))
      gone.add(`${taskId}.ics`);
  }
  withinLimit(body, resources.length + gone.size);
  return multistatus(
    [
      ...resources.map((resource) => objectResponse(groupId, resource, request)),
      ...[...gone].map((href) => statusResponse(objectPath(groupId, href), 404)),
    ],
    element(qname(DAV, "sync-token"), escapeXml(syncToken(groupId, Math.max(newest, since)))),
  );
}

export async function multiget(deps: AppDeps, user: User, groupId: string, body: Element): Promise<string> {
  const request = propRequestOf(body);
  const resources = new Map((await listResources(deps, user, groupId)).map((resource) => [resource.href, resource]));
  const answers = children(body)
    .filter((element) => is(element, DAV, "href"))
    .map((element) => {
      const sent = textOf(element).trim();
      const path = parseDavPath(sent);
      const resource = path.kind === "object" && path.groupId === groupId ? resources.get(path.name) : undefined;
      return resource ? objectResponse(groupId, resource, request) : statusResponse(sent, 404);
    });
  return multistatus(answers);
}

/** An iCalendar time as an instant (ms), dates at midnight UTC. */
function instantOf(time: ICAL.Time): number {
  return time.toJSDate().getTime();
}

function parseUtc(value: string | null): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** RFC 4791, 9.9, for VTODO: does the task's DUE (or its completion, or creation) fall in the range? */
function todoInRange(todo: ICAL.Component, start: number, end: number): boolean {
  const due = todo.getFirstPropertyValue("due");
  const dtstart = todo.getFirstPropertyValue("dtstart");
  const at = (value: unknown) => (value instanceof ICAL.Time ? instantOf(value) : null);
  const dueAt = at(due);
  const startAt = at(dtstart);
  if (startAt !== null && dueAt !== null)
    return (start <= dueAt || start <= startAt) && (end > startAt || end >= dueAt);
  if (startAt !== null) return end > startAt;
  if (dueAt !== null) return start < dueAt && end >= dueAt;
  const completed = at(todo.getFirstPropertyValue("completed"));
  const created = at(todo.getFirstPropertyValue("created"));
  if (completed !== null && created !== null)
    return (start <= created || start <= completed) && (end >= created || end >= completed);
  if (completed !== null) return start <= completed && end >= completed;
  if (created !== null) return end > created;
  return true;
}

function textMatches(filter: Element, values: string[]): boolean {
  const wanted = textOf(filter).toLowerCase();
  const negate = filter.getAttribute("negate-condition") === "yes";
  const found = values.some((value) => value.toLowerCase().includes(wanted));
  return negate ? !found : found;
}

function propMatches(component: ICAL.Component, filter: Element): boolean {
  const name = (filter.getAttribute("name") ?? "").toLowerCase();
  const properties = component.getAllProperties(name);
  if (child(filter, CALDAV, "is-not-defined")) return properties.length === 0;
  if (properties.length === 0) return false;
  const text = child(filter, CALDAV, "text-match");
  if (text)
    return textMatches(
      text,
      properties.flatMap((property) => property.getValues().map(String)),
    );
  return true;
}

function componentMatches(component: ICAL.Component, filter: Element): boolean {
  if (child(filter, CALDAV, "is-not-defined")) return false;
  const range = child(filter, CALDAV, "time-range");
  if (range && component.name === "vtodo") {
    const start = parseUtc(range.getAttribute("start")) ?? -8.64e15;
    const end = parseUtc(range.getAttribute("end")) ?? 8.64e15;
    if (!todoInRange(component, start, end)) return false;
  }
  for (const prop of children(filter).filter((element) => is(element, CALDAV, "prop-filter"))) {
    if (!propMatches(component, prop)) return false;
  }
  for (const sub of children(filter).filter((element) => is(element, CALDAV, "comp-filter"))) {
    const name = (sub.getAttribute("name") ?? "").toLowerCase();
    const found = component.getAllSubcomponents(name);
    if (child(sub, CALDAV, "is-not-defined")) {
      if (found.length > 0) return false;
    } else if (!found.some((candidate) => componentMatches(candidate, sub))) return false;
  }
  return true;
}

export async function calendarQuery(deps: AppDeps, user: User, groupId: string, body: Element): Promise<string> {
  const request = propRequestOf(body);
  const filter = child(body, CALDAV, "filter");
  const top = filter && child(filter, CALDAV, "comp-filter");
  const resources = await listResources(deps, user, groupId);
  const chosen = resources.filter((resource) => {
    if (!top) return true;
    if ((top.getAttribute("name") ?? "").toUpperCase() !== "VCALENDAR") return false;
    return componentMatches(new ICAL.Component(ICAL.parse(resource.text) as [string, unknown[], unknown[]]), top);
  });
  return multistatus(chosen.map((resource) => objectResponse(groupId, resource, request)));
}
