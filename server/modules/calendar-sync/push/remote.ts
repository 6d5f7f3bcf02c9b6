import { mayCarryPassword } from "../outside/caldav-source.js";
import { type FetchLimits, FETCH_MESSAGES, OutsideFetchError, outsideRequest } from "../outside/fetch-guard.js";

/**
 * Writing one event into an outside CalDAV calendar and taking it out again (RFC 4791, section 5.3.2, is a
 * plain PUT of the object's text; RFC 7232 conditions keep a write from landing on the wrong
 * version). Every request goes through the fetch guard, as the calendar's reads do, and never
 * follows a redirect: a write is answered where it was sent.
 */

export interface Account {
  /** The account's server address, the one the user connected. */
  serverUrl: string;
  /** The Authorization header's value. */
  authorization: string;
}

export type Condition = { ifMatch: string } | { ifNoneMatch: "*" } | null;

export type PutResult = { kind: "written"; etag: string | null } | { kind: "precondition_failed" } | { kind: "gone" };

/** The event's address in a calendar collection: the task's id is letters, digits and hyphens. */
export function eventUrl(calendarUrl: string, taskId: string): string {
  const base = calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`;
  return new URL(`${encodeURIComponent(taskId)}.ics`, base).href;
}

function headersFor(account: Account, target: URL): Record<string, string> {
  // The password goes only where the account's reads may send it (caldav-source.ts).
  if (!mayCarryPassword(new URL(account.serverUrl), target))
    throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
  return { authorization: account.authorization };
}

function refusedOrFailed(status: number): OutsideFetchError {
  if (status === 401 || status === 403) return new OutsideFetchError("unauthorized", FETCH_MESSAGES.unauthorized);
  // A server error is the server's state, not this event's: the push stops and tries again later.
  if (status >= 500) return new OutsideFetchError("unreachable", `The calendar's server answered ${status}`);
  return new OutsideFetchError("http_status", `The calendar's server answered ${status} when an event was written`);
}

export async function putEvent(
  account: Account,
  url: string,
  text: string,
  condition: Condition,
  limits: FetchLimits,
): Promise<PutResult> {
  const target = new URL(url);
  const headers: Record<string, string> = {
    ...headersFor(account, target),
    "content-type": "text/calendar; charset=utf-8",
  };
  if (condition && "ifMatch" in condition) headers["if-match"] = condition.ifMatch;
  if (condition && "ifNoneMatch" in condition) headers["if-none-match"] = "*";
  const answer = await outsideRequest(target, { method: "PUT", headers, body: text, redirect: "manual" }, limits);
  if (answer.status >= 200 && answer.status < 300) return { kind: "written", etag: answer.headers.etag ?? null };
  if (answer.status === 412) return { kind: "precondition_failed" };
  if (answer.status === 404 || answer.status === 410) return { kind: "gone" };
  throw refusedOrFailed(answer.status);
}

/** Takes the event out; one already gone is as good. */
export async function deleteEvent(account: Account, url: string, limits: FetchLimits): Promise<void> {
  const target = new URL(url);
  const answer = await outsideRequest(
    target,
    { method: "DELETE", headers: headersFor(account, target), redirect: "manual" },
    limits,
  );
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404 || answer.status === 410) return;
  throw refusedOrFailed(answer.status);
}
