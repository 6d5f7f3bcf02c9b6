import { type QueryClient, useQuery } from "@tanstack/react-query";
import type {
  AddSourceInput,
  ConnectionStatus,
  OutsideEvents,
  OutsideSource,
  UpdateCalendarInput,
  UpdateSourceInput,
} from "../../../domain/calendar-outside";
import { apiFetch } from "../../api/http";
import { calendarKeys } from "./keys";

/**
 * Outside calendars (docs/calendar.md, "Outside calendars"): the client calls, and the hook the
 * /calendar page shows their events with.
 */

const at = (sourceId: string) => `/api/calendar/sources/${encodeURIComponent(sourceId)}`;

export const listSources = () => apiFetch<{ sources: OutsideSource[] }>("/api/calendar/sources");
export const getConnectionStatus = () => apiFetch<ConnectionStatus>("/api/calendar/connection-status");
/** Where to send the browser to let the server read a Google account (409 GOOGLE_NOT_CONFIGURED without a client). */
export const getGoogleAuthUrl = () => apiFetch<{ url: string }>("/api/calendar/auth-url");
export const addSource = (input: AddSourceInput) =>
  apiFetch<OutsideSource>("/api/calendar/sources", { method: "POST", body: input });
export const updateSource = (sourceId: string, input: UpdateSourceInput) =>
  apiFetch<OutsideSource>(at(sourceId), { method: "PATCH", body: input });
export const updateCalendar = (sourceId: string, calendarId: string, input: UpdateCalendarInput) =>
  apiFetch<OutsideSource>(`${at(sourceId)}/calendars/${encodeURIComponent(calendarId)}`, {
    method: "PATCH",
    body: input,
  });
export const refreshSource = (sourceId: string) =>
  apiFetch<OutsideSource>(`${at(sourceId)}/refresh`, { method: "POST" });
export const removeSource = (sourceId: string) => apiFetch<void>(at(sourceId), { method: "DELETE" });
export const getOutsideEvents = (from: string, to: string, timeZone: string, calendarId?: string) =>
  apiFetch<OutsideEvents>(
    `/api/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&timeZone=${encodeURIComponent(timeZone)}${calendarId ? `&calendarId=${encodeURIComponent(calendarId)}` : ""}`,
  );

/** The device's zone: the days asked for are its days, and a floating time is read on its clock. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The events of the user's shown outside calendars from `from` to `to` ("YYYY-MM-DD", at most 366
 * days), for the /calendar page: all-day ones with dates, the others with UTC instants. With
 * `calendarId`, those of that one calendar of the user's, shown or hidden (/embedded-google-calendar).
 */
export function useOutsideEvents(
  from: string,
  to: string,
  timeZone = deviceTimeZone(),
  { calendarId, enabled = true }: { calendarId?: string; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: calendarKeys.outsideEventsIn(from, to, timeZone, calendarId),
    queryFn: () => getOutsideEvents(from, to, timeZone, calendarId),
    enabled,
    // The server refreshes a source hourly: a few minutes old is as good as new.
    staleTime: 5 * 60_000,
  });
}

/** After a source changed: its list, the status, every range of events and the push. */
export async function refetchOutside(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: calendarKeys.sources }),
    client.invalidateQueries({ queryKey: calendarKeys.connectionStatus }),
    client.invalidateQueries({ queryKey: calendarKeys.outsideEvents }),
    // A removed account takes the push's calendar with it.
    client.invalidateQueries({ queryKey: calendarKeys.push }),
  ]);
}
