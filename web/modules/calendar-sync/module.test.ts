import { expect, it } from "vitest";
import { CALENDAR_QUERY_ROOT, calendarKeys } from "./keys";
import { calendarSync } from "./module";

// module.ts writes the root out (it loads with every page; keys.ts does not): they must agree, or
// the calendar's queries would neither be kept for an offline start nor refetched on reconnection.
it("keeps and refetches every calendar query under the root module.ts names", () => {
  expect(calendarSync.queryRoots).toEqual([CALENDAR_QUERY_ROOT]);
  for (const key of [
    calendarKeys.feeds,
    calendarKeys.sources,
    calendarKeys.push,
    calendarKeys.outsideEventsIn("2026-11-01", "2026-11-30", "UTC"),
  ]) {
    expect(key[0]).toBe(calendarSync.queryRoots![0]);
  }
});
