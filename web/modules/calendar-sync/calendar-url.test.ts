import { expect, it } from "vitest";
import { readCalendarUrl, withCalendarUrl } from "./calendar-url";

const read = (search: string, narrow = false) => readCalendarUrl(new URLSearchParams(search), "2026-11-27", narrow);

it("opens today in the month on a wide screen and the agenda on a phone, unless the address says", () => {
  expect(read("")).toEqual({ view: "month", date: "2026-11-27" });
  expect(read("", true)).toEqual({ view: "agenda", date: "2026-11-27" });
  expect(read("?view=week&date=2027-01-04", true)).toEqual({ view: "week", date: "2027-01-04" });
  expect(read("?view=year&date=2027-02-30")).toEqual({ view: "month", date: "2026-11-27" });
});

it("changes the view and the date and keeps the open task", () => {
  const next = withCalendarUrl(new URLSearchParams("task=abc&view=month"), { view: "agenda", date: "2026-12-01" });
  expect(Object.fromEntries(next)).toEqual({ task: "abc", view: "agenda", date: "2026-12-01" });
});
