/** The root of every calendar query key: kept on the device for an offline start, refetched after a reconnection. */
export const CALENDAR_QUERY_ROOT = "calendar";

export const calendarKeys = {
  feeds: [CALENDAR_QUERY_ROOT, "feeds"] as const,
  /** Outside calendars: subscriptions and CalDAV accounts with their calendars and status. */
  sources: [CALENDAR_QUERY_ROOT, "outside-sources"] as const,
  connectionStatus: [CALENDAR_QUERY_ROOT, "connection-status"] as const,
  /** Which calendar the tasks go into, and how the last push went. */
  push: [CALENDAR_QUERY_ROOT, "push"] as const,
  /** Every range of outside events: what a change to a source refetches. */
  outsideEvents: [CALENDAR_QUERY_ROOT, "outside-events"] as const,
  /** With `calendarId`: that one calendar, shown or hidden (/embedded-google-calendar). */
  outsideEventsIn: (from: string, to: string, timeZone: string, calendarId?: string) =>
    calendarId
      ? ([CALENDAR_QUERY_ROOT, "outside-events", from, to, timeZone, calendarId] as const)
      : ([CALENDAR_QUERY_ROOT, "outside-events", from, to, timeZone] as const),
};
