/** The root of every calendar query key: kept on the device for an offline start, refetched after a reconnection. */
export const CALENDAR_QUERY_ROOT = "calendar";

export const calendarKeys = {
  feeds: [CALENDAR_QUERY_ROOT, "feeds"] as const,
};
