import { expect, it } from "vitest";
import type { OutsideSource } from "../../../domain/calendar-outside";
import { pickCalendar } from "./embedded-choice";

function source(id: string, calendarIds: string[]): OutsideSource {
  return {
    id,
    kind: "caldav",
    name: id,
    color: "#2563eb",
    url: "https://example.org/dav/",
    username: "ada",
    calendars: calendarIds.map((calendarId) => ({
      id: calendarId,
      name: calendarId,
      color: "#2563eb",
      selected: true,
    })),
    status: { ok: true, lastSyncedAt: null, lastAttemptAt: null, error: null, nextRefreshAt: "2026-11-01T00:00:00Z" },
  };
}

const sources = [source("work", ["a", "b"]), source("home", ["c"])];
const chosenId = (asked: string | null, remembered: string | null) =>
  pickCalendar(sources, asked, remembered).chosen.calendar.id;

it("shows the address's calendar, else the device's last, else the first", () => {
  expect(chosenId("c", "b")).toBe("c");
  expect(chosenId(null, "b")).toBe("b");
  expect(chosenId(null, null)).toBe("a");
  expect(chosenId(null, "removed")).toBe("a");
  expect(pickCalendar(sources, "c", null).chosen.source.id).toBe("home");
});

it("says when the address names a calendar the user does not have", () => {
  expect(pickCalendar(sources, "gone", "b")).toMatchObject({ missing: true, chosen: { calendar: { id: "b" } } });
  expect(pickCalendar(sources, null, null).missing).toBe(false);
});
