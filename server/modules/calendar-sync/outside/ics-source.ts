import { isCalendarText } from "./expand.js";
import {
  type FetchLimits,
  FETCH_MESSAGES,
  OutsideFetchError,
  normalizeOutsideUrl,
  outsideRequest,
} from "./fetch-guard.js";

/**
 * An ICS subscription's text, fetched through the guard (fetch-guard.ts). The validators of the
 * last copy go along, so an unchanged calendar is a 304 and nothing is parsed. Only what says it
 * is a calendar (or says nothing more precise than text or bytes) and reads as one is taken: a
 * sign-in page answered with 200 is "not iCalendar", not an empty calendar.
 */

const CALENDAR_TYPES = new Set([
  "text/calendar",
  "text/x-vcalendar",
  "application/ics",
  "application/x-ics",
  "text/plain",
  "application/octet-stream",
  "application/force-download",
  "binary/octet-stream",
]);

export type IcsResult =
  { kind: "unchanged" } | { kind: "fetched"; text: string; etag: string | null; lastModified: string | null };

export async function fetchIcs(
  address: string,
  validators: { etag: string | null; lastModified: string | null },
  limits: FetchLimits,
): Promise<IcsResult> {
  const headers: Record<string, string> = { accept: "text/calendar, */*;q=0.5" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const answer = await outsideRequest(normalizeOutsideUrl(address), { headers }, limits);
  if (answer.status === 304 && (validators.etag || validators.lastModified)) return { kind: "unchanged" };
  if (answer.status === 401 || answer.status === 403)
    throw new OutsideFetchError("http_status", "The server refused access to this calendar (it may be private)");
  if (answer.status === 404 || answer.status === 410)
    throw new OutsideFetchError("http_status", "There is no calendar at that address (the server answered not found)");
  if (answer.status < 200 || answer.status > 299)
    throw new OutsideFetchError(
      "http_status",
      `The server at that address answered with an error (HTTP ${answer.status})`,
    );
  const type = (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "" && !CALENDAR_TYPES.has(type)) throw new OutsideFetchError("not_calendar", FETCH_MESSAGES.notCalendar);
  const text = answer.body.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(text) || !isCalendarText(text))
    throw new OutsideFetchError("not_calendar", FETCH_MESSAGES.notCalendar);
  return {
    kind: "fetched",
    text,
    etag: answer.headers.etag?.slice(0, 500) ?? null,
    lastModified: answer.headers["last-modified"]?.slice(0, 100) ?? null,
  };
}
