import { expect, it } from "vitest";
import { ApiRequestError } from "../../api/http";
import { eventsNote } from "./use-calendar-items";

/** What /calendar says above the grid when outside calendars' events are missing. */
it("says which outside events are missing, and nothing when none are", () => {
  expect(eventsNote({ isError: false, error: null, data: { events: [] } })).toBeNull();
  expect(eventsNote({ isError: false, error: null, data: { events: [], failedCalendarIds: ["a"] } })).toBe(
    "One outside calendar could not be read in time, so its events are missing.",
  );
  expect(eventsNote({ isError: false, error: null, data: { events: [], failedCalendarIds: ["a", "b"] } })).toBe(
    "2 outside calendars could not be read in time, so their events are missing.",
  );
  expect(eventsNote({ isError: false, error: null, data: { events: [], incomplete: true } })).toBe(
    "Your outside calendars have more events than the calendar shows at once: some are left out.",
  );
  expect(
    eventsNote({
      isError: true,
      error: new ApiRequestError(503, "unavailable", "The database is not answering"),
      data: undefined,
    }),
  ).toBe("Your outside calendars' events could not be loaded: The database is not answering");
});
