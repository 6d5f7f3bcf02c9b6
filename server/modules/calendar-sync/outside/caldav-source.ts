import { isIP } from "node:net";
import { createDAVClient, type DAVCalendar } from "tsdav";
import {
  DEFAULT_TIMEOUT_MS,
  type FetchLimits,
  FETCH_MESSAGES,
  guardedFetch,
  normalizeOutsideUrl,
  OutsideFetchError,
} from "./fetch-guard.js";

/**
 * A CalDAV account's calendars through tsdav, every request of it through the guard
 * (fetch-guard.ts): the server's address and each address its answers point to are checked as a
 * subscription's are. Events are fetched from a year back to two years ahead, the stretch the
 * app shows (docs/calendar.md).
 */

export interface CaldavCalendarCopy {
  remoteUrl: string;
  name: string;
  color: string | null;
  /** JSON array of the calendar's iCalendar objects. */
  data: string;
}

const DAY_MS = 86_400_000;
/** Calendars of one account a refresh reads at most. */
const MAX_CALENDARS = 20;
/** A refresh is many requests: all of them together get three times one fetch's time. */
const REQUESTS_PER_DEADLINE = 3;
/** What one account may bring, all calendars together (each answer is also held to the fetch limit). */
const MAX_ACCOUNT_BYTES = 10 * 1024 * 1024;

/** "icloud.com" of "p42-caldav.icloud.com": where an account's own servers live. */
function parentDomain(hostname: string): string {
  return hostname.split(".").slice(-2).join(".");
}

/**
 * How requests of an account sign in: a user name and password (Basic), or an OAuth access token
 * (Google, docs/calendar.md "Google Calendar"), which is a password as far as where it may go.
 */
export type CaldavCredentials = { username: string; password: string } | { bearer: string };

/**
 * Whether a request of the account may carry its password (or access token): to the address the user gave, or over
 * https to another server of the same domain (discovery moves iCloud from caldav.icloud.com to
 * p42-caldav.icloud.com). Never to another domain a server's answer names, never over plain http
 * when the account is on https.
 */
export function mayCarryPassword(account: URL, target: URL): boolean {
  if (target.origin === account.origin) return true;
  if (target.protocol !== "https:") return false;
  // An address has no domain: "the last two labels" of 203.0.113.4 are any host of *.113.4.
  if (isIP(account.hostname.replace(/^\[|\]$/g, "")) !== 0) return false;
  const domain = parentDomain(account.hostname);
  return target.hostname === domain || target.hostname.endsWith(`.${domain}`);
}

function withoutAuthorization(headers: HeadersInit | undefined): Headers {
  const copy = new Headers(headers);
  copy.delete("authorization");
  return copy;
}

/**
 * The guard's fetch for one account: its password only where mayCarryPassword allows, and a
 * refused password named as such rather than as a broken server.
 */
function accountFetch(account: URL, limits: FetchLimits): typeof globalThis.fetch {
  const guarded = guardedFetch(limits);
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const allowed = mayCarryPassword(account, target);
    const response = await guarded(input, allowed ? init : { ...init, headers: withoutAuthorization(init?.headers) });
    if (response.status === 401 || response.status === 403)
      throw new OutsideFetchError("unauthorized", FETCH_MESSAGES.unauthorized);
    return response;
  };
}

function colorOf(calendar: DAVCalendar): string | null {
  const match = /^#([0-9a-fA-F]{6})/.exec(String(calendar.calendarColor ?? ""));
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/** Control characters in a server's name for a calendar would reach every page that shows it. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function nameOf(calendar: DAVCalendar): string {
  const given = typeof calendar.displayName === "string" ? calendar.displayName.trim() : "";
  const last = new URL(calendar.url, "http://x").pathname.split("/").filter(Boolean).pop();
  let fallback = "Calendar";
  try {
    fallback = last ? decodeURIComponent(last) : fallback;
  } catch {
    // A malformed escape in the address: the generic name will do.
  }
  return (given || fallback).replace(CONTROL, " ").slice(0, 100);
}

/** Whether the collection holds events (a tasks-only list has nothing to show). */
function holdsEvents(calendar: DAVCalendar): boolean {
  return !calendar.components || calendar.components.length === 0 || calendar.components.includes("VEVENT");
}

export async function fetchCaldav(
  serverUrl: string,
  credentials: CaldavCredentials,
  limits: FetchLimits,
  now: Date,
): Promise<CaldavCalendarCopy[]> {
  const url = normalizeOutsideUrl(serverUrl).href;
  const deadline = Date.now() + REQUESTS_PER_DEADLINE * (limits.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const fetch = accountFetch(new URL(url), { ...limits, deadline });
  let bytes = 0;
  try {
    const client = await createDAVClient({
      serverUrl: url,
      defaultAccountType: "caldav",
      fetch,
      // Either way the header goes out through accountFetch, which keeps it to where
      // mayCarryPassword allows.
      ...("bearer" in credentials
        ? {
            credentials: {},
            authMethod: "Custom" as const,
            authFunction: async () => ({ authorization: `Bearer ${credentials.bearer}` }),
          }
        : { credentials, authMethod: "Basic" as const }),
    });
    // A server that lists one calendar twice would otherwise store it twice (its address is unique).
    const unique = new Map(
      (await client.fetchCalendars()).filter(holdsEvents).map((calendar) => [calendar.url, calendar]),
    );
    const calendars = [...unique.values()].slice(0, MAX_CALENDARS);
    const timeRange = {
      start: new Date(now.getTime() - 366 * DAY_MS).toISOString(),
      end: new Date(now.getTime() + 2 * 366 * DAY_MS).toISOString(),
    };
    const copies: CaldavCalendarCopy[] = [];
    for (const calendar of calendars) {
      const objects = await client.fetchCalendarObjects({ calendar, timeRange, expand: false });
      const texts = objects.map((object) => (typeof object.data === "string" ? object.data : "")).filter(Boolean);
      const data = JSON.stringify(texts);
      bytes += data.length;
      if (bytes > MAX_ACCOUNT_BYTES) throw new OutsideFetchError("too_large", FETCH_MESSAGES.accountTooLarge);
      copies.push({ remoteUrl: calendar.url, name: nameOf(calendar), color: colorOf(calendar), data });
    }
    return copies;
  } catch (error) {
    if (error instanceof OutsideFetchError) throw error;
    // tsdav says what it missed ("cannot find principalUrl"): the user needs to hear it is not CalDAV.
    throw new OutsideFetchError("not_calendar", "That address does not answer as a CalDAV server");
  }
}
