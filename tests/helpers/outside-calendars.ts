import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A calendar server for the outside-calendar tests, on 127.0.0.1: each path answers as a test sets
 * it (a calendar, an error, a redirect, a body too large, one that never ends).
 */
export type FixtureAnswer =
  | { kind: "calendar"; text: string; etag?: string }
  | { kind: "status"; status: number }
  | { kind: "redirect"; location: string }
  | { kind: "html" }
  | { kind: "huge"; bytes: number }
  | { kind: "stall" };

export interface CalendarFixtureServer {
  baseUrl: string;
  /** Sets what a path answers from now on. */
  set(path: string, answer: FixtureAnswer): void;
  /** Requests each path received, with their headers. */
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startCalendarFixtures(): Promise<CalendarFixtureServer> {
  const answers = new Map<string, FixtureAnswer>();
  const requests: CalendarFixtureServer["requests"] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fixture").pathname;
    requests.push({ path, headers: request.headers });
    const answer = answers.get(path);
    if (!answer) return void response.writeHead(404).end();
    switch (answer.kind) {
      case "calendar":
        if (answer.etag && request.headers["if-none-match"] === answer.etag) return void response.writeHead(304).end();
        response.writeHead(200, {
          "content-type": "text/calendar; charset=utf-8",
          ...(answer.etag && { etag: answer.etag }),
        });
        return void response.end(answer.text);
      case "status":
        return void response.writeHead(answer.status).end("error");
      case "redirect":
        return void response.writeHead(302, { location: answer.location }).end();
      case "html":
        response.writeHead(200, { "content-type": "text/html" });
        return void response.end("<!doctype html><title>Sign in</title>");
      case "huge": {
        response.writeHead(200, { "content-type": "text/calendar" });
        const chunk = Buffer.alloc(64 * 1024, "A");
        let sent = 0;
        const write = () => {
          while (sent < answer.bytes && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", write);
          }
          response.end();
        };
        response.write("BEGIN:VCALENDAR\r\n");
        return write();
      }
      case "stall":
        response.writeHead(200, { "content-type": "text/calendar" });
        return void response.write("BEGIN:VCALENDAR\r\n");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    set: (path, answer) => answers.set(path, answer),
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A calendar with a weekly Monday 09:00–09:30 in Europe/Berlin from 2 March 2026 (with its VTIMEZONE). */
export function weeklyBerlinCalendar(name = "Team", title = "Stand-up"): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Outside//EN",
    `X-WR-CALNAME:${name}`,
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "UID:standup@example.org",
    "DTSTAMP:20260101T000000Z",
    `SUMMARY:${title}`,
    "LOCATION:Room 4",
    "DTSTART;TZID=Europe/Berlin:20260302T090000",
    "DTEND;TZID=Europe/Berlin:20260302T093000",
    "RRULE:FREQ=WEEKLY;BYDAY=MO",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:trip@example.org",
    "DTSTAMP:20260101T000000Z",
    "SUMMARY:Trip",
    "DTSTART;VALUE=DATE:20260326",
    "DTEND;VALUE=DATE:20260329",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
