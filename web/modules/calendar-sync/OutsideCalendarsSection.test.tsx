import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OutsideSource } from "../../../domain/calendar-outside";
import { calendarKeys } from "./keys";
import { OutsideCalendars } from "./OutsideCalendarsSection";

const working: OutsideSource = {
  id: "s1",
  kind: "ics",
  name: "Team <b>holidays</b>",
  color: "#2563eb",
  url: "https://calendar.example.org/team.ics",
  username: null,
  calendars: [{ id: "c1", name: "Team <b>holidays</b>", color: "#2563eb", selected: true }],
  status: {
    ok: true,
    lastSyncedAt: "2026-11-27T07:00:00.000Z",
    lastAttemptAt: "2026-11-27T07:00:00.000Z",
    error: null,
    nextRefreshAt: "2026-11-27T08:00:00.000Z",
  },
};

const failing: OutsideSource = {
  id: "s2",
  kind: "caldav",
  name: "Nextcloud",
  color: "#16a34a",
  url: "https://cloud.example.org/remote.php/dav",
  username: "ada",
  calendars: [
    { id: "c2", name: "Personal", color: "#16a34a", selected: true },
    { id: "c3", name: "Birthdays", color: "#ff8800", selected: false },
  ],
  status: {
    ok: false,
    lastSyncedAt: "2026-11-26T07:00:00.000Z",
    lastAttemptAt: "2026-11-27T07:00:00.000Z",
    error: "The server refused the user name or password",
    nextRefreshAt: "2026-11-27T07:15:00.000Z",
  },
};

function render(sources: OutsideSource[]): string {
  const client = new QueryClient();
  client.setQueryData(calendarKeys.sources, { sources });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OutsideCalendars online />
    </QueryClientProvider>,
  );
}

describe("outside calendars on /calendar-settings", () => {
  it("shows each source with its status, last sync and error, an account with its calendars to choose", () => {
    const html = render([working, failing]);
    expect(html).toContain("Working.");
    expect(html).toContain("Not working: The server refused the user name or password.");
    expect(html).toContain("The events from then are still shown.");
    expect(html).toContain("Last synced");
    expect(html).toContain("CalDAV: ada at https://cloud.example.org/remote.php/dav");
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/>.*Personal/);
    expect(html).toContain("Birthdays");
    expect(html).toContain("Subscribe by address");
    expect(html).toContain("Connect a CalDAV account");
  });

  it("shows a calendar's name as text, never as markup", () => {
    const html = render([working]);
    expect(html).not.toContain("<b>holidays</b>");
    expect(html).toContain("Team &lt;b&gt;holidays&lt;/b&gt;");
  });

  it("says when there is none yet", () => {
    expect(render([])).toContain("No outside calendars yet.");
  });
});
