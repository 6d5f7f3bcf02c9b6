import { expect, it } from "vitest";
import { buildEventObject, buildFeed, type FeedTask } from "./ics-feed";

const task: FeedTask = {
  id: "t1",
  title: "Pay\u0007 the\u0000 rent",
  notes: "Line one\nline\u001b two",
  deadline: "2026-12-01",
  deadlineTimeZone: null,
  repeatRule: null,
  repeatFromCompletion: false,
  priority: "medium",
  completed: false,
  updatedAt: "2026-11-01T10:00:00.000Z",
  groupName: "Home\u0001",
};

// RFC 5545 allows no control characters in text but tab and line breaks: one in a title pasted
// from somewhere would make a strict calendar app drop the whole feed.
it("leaves control characters out of titles, notes and group names", () => {
  for (const text of [
    buildFeed([task], { name: "Tandem", origin: "https://tandem.example" }),
    buildEventObject(task, "https://tandem.example"),
  ]) {
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(text).toContain("SUMMARY:Pay the rent");
    expect(text).toContain("DESCRIPTION:Line one\\nline two");
    expect(text).toContain("CATEGORIES:Home");
  }
});

it("writes a stored event without METHOD, which RFC 4791 forbids there", () => {
  expect(buildEventObject(task, "https://tandem.example")).not.toContain("METHOD:");
  expect(buildFeed([task], { name: "Tandem", origin: "https://tandem.example" })).toContain("METHOD:PUBLISH");
});
