import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConnectionStatus, OutsideEvent, OutsideSource } from "../../domain/calendar-outside.js";
import { GOOGLE_MESSAGES } from "../../server/modules/calendar-sync/google/messages.js";
import { GOOGLE_CALENDAR_SCOPE } from "../../server/modules/calendar-sync/google/oauth-url.js";
import { describeEachDialect } from "../helpers/databases.js";
import { type GoogleStandIn, startGoogleStandIn } from "../helpers/google-stand-in.js";
import type { HttpClient } from "../helpers/http-client.js";
import { type Radicale, type RadicaleAccount, startRadicale } from "../helpers/radicale.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

const LESSON = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
  "BEGIN:VEVENT",
  "UID:lesson@google.com",
  "DTSTAMP:20260101T000000Z",
  "SUMMARY:Piano lesson",
  "DTSTART:20260304T170000Z",
  "DTEND:20260304T180000Z",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/**
 * Google Calendar with OAuth (docs/calendar.md, "Google Calendar") against a stand-in Google
 * (tests/helpers/google-stand-in.ts): its consent screen, token endpoint and CalDAV, the last a
 * real Radicale reached only with a valid access token.
 */
let radicale: Radicale;
let google: GoogleStandIn;
// Read by useServer when it starts the server, after the stand-in below has its port.
const googleEnv: Record<string, string> = { CALENDAR_ALLOW_PRIVATE_URLS: "true" };

beforeAll(async () => {
  radicale = await startRadicale();
  google = await startGoogleStandIn(radicale.baseUrl);
  Object.assign(googleEnv, google.env);
});
afterAll(async () => {
  await google?.close();
  await radicale?.stop();
});

describeEachDialect("Google Calendar", (dialect, createDatabase) => {
  const context = useServer(createDatabase, googleEnv);
  const bare = useServer(createDatabase, { CALENDAR_ALLOW_PRIVATE_URLS: "true" });
  let ada: HttpClient;
  let account: RadicaleAccount;

  beforeAll(async () => {
    account = await radicale.addUser(`ada-google-${dialect}`);
    await radicale.makeCalendar(account, "primary", "ada@gmail.com", "#9FE1E7FF");
    await radicale.makeCalendar(account, "holidays", "Holidays", "#16A765FF");
    await radicale.put(account, "primary", "lesson.ics", LESSON);
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Google"));
  });

  async function authUrl(client: HttpClient): Promise<URL> {
    const response = await client.request("/api/calendar/auth-url");
    expect(response.status, await response.clone().text()).toBe(200);
    return new URL(((await response.json()) as { url: string }).url);
  }

  /** The browser's trip: to the consent screen, back to the callback; returns where the app sends it. */
  async function consent(client: HttpClient, url: URL): Promise<string> {
    const atGoogle = await fetch(url, { redirect: "manual" });
    expect(atGoogle.status).toBe(302);
    return callback(client, atGoogle.headers.get("location")!);
  }

  async function callback(client: HttpClient, url: string): Promise<string> {
    const back = await client.request(url);
    expect(back.status, await back.clone().text()).toBe(303);
    return back.headers.get("location")!;
  }

  async function sources(client: HttpClient = ada): Promise<OutsideSource[]> {
    return ((await (await client.request("/api/calendar/sources")).json()) as { sources: OutsideSource[] }).sources;
  }

  async function refresh(sourceId: string): Promise<OutsideSource> {
    const response = await ada.request(`/api/calendar/sources/${sourceId}/refresh`, { method: "POST" });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as OutsideSource;
  }

  it("answers 409 GOOGLE_NOT_CONFIGURED on a server without a Google client", async () => {
    const { client } = await signUp(bare.server.baseUrl, "Bea Bare");
    const response = await client.request("/api/calendar/auth-url");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "GOOGLE_NOT_CONFIGURED",
        message: "This server has no Google client. Its operator can add one (docs/calendar.md).",
      },
    });
  });

  it("answers 401 without credentials", async () => {
    for (const path of ["/api/calendar/auth-url", "/api/calendar/google/callback?code=x&state=y"]) {
      const response = await fetch(`${context.server.baseUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(401);
    }
  });

  it("sends the browser to Google with the client, the fixed callback, offline access and a state", async () => {
    const url = await authUrl(ada);
    expect(url.href.startsWith(`${google.baseUrl}/authorize?`)).toBe(true);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      client_id: google.clientId,
      redirect_uri: `${context.server.baseUrl}/api/calendar/google/callback`,
      response_type: "code",
      scope: GOOGLE_CALENDAR_SCOPE,
      access_type: "offline",
      prompt: "consent",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // Each start has a state of its own; the database keeps only its hash.
    expect((await authUrl(ada)).searchParams.get("state")).not.toBe(params.state);
    const rows = await context.server.database.db.selectFrom("calendar_oauth_states").selectAll().execute();
    expect(rows.some((row) => row.state_hash === params.state)).toBe(false);
  });

  it("says so when the user does not allow it, and stores nothing", async () => {
    google.consentFor = null;
    expect(await consent(ada, await authUrl(ada))).toBe("/calendar-settings?google=denied");
    expect(await sources()).toEqual([]);
  });

  it("refuses another user's state, an expired one and none, and stores nothing", async () => {
    const { client: bob } = await signUp(context.server.baseUrl, "Bob Google");
    const bobState = (await authUrl(bob)).searchParams.get("state")!;
    const at = (state: string) =>
      `/api/calendar/google/callback?code=${google.codeFor(account)}&state=${encodeURIComponent(state)}`;
    expect(await callback(ada, at(bobState))).toBe("/calendar-settings?google=failed");
    expect(await callback(ada, "/api/calendar/google/callback?code=x")).toBe("/calendar-settings?google=failed");
    expect(await callback(ada, at("made-up"))).toBe("/calendar-settings?google=failed");

    const adaState = (await authUrl(ada)).searchParams.get("state")!;
    await context.server.database.db
      .updateTable("calendar_oauth_states")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("state_hash", "=", createHash("sha256").update(adaState).digest("base64url"))
      .execute();
    expect(await callback(ada, at(adaState))).toBe("/calendar-settings?google=failed");
    expect(await sources()).toEqual([]);
    expect(await sources(bob)).toEqual([]);
    // Ada's try did not use Bob's state up: it still works for him.
    expect(await callback(bob, at(bobState))).toBe("/calendar-settings?google=connected");
    expect((await sources(bob)).map((source) => source.kind)).toEqual(["google"]);
  });

  it("connects the account, lists its calendars and shows their events; a used state is refused", async () => {
    google.consentFor = account;
    const start = await authUrl(ada);
    const atGoogle = await fetch(start, { redirect: "manual" });
    const back = atGoogle.headers.get("location")!;
    expect(await callback(ada, back)).toBe("/calendar-settings?google=connected");

    const list = await sources();
    expect(list).toHaveLength(1);
    const [source] = list;
    expect(source).toMatchObject({
      kind: "google",
      name: "Google Calendar",
      url: `${google.baseUrl}/`,
      username: null,
      status: { ok: true, error: null },
    });
    expect(source!.calendars.map((calendar) => [calendar.name, calendar.color]).sort()).toEqual([
      ["Holidays", "#16a765"],
      ["ada@gmail.com", "#9fe1e7"],
    ]);
    const listed = JSON.stringify(await (await ada.request("/api/calendar/sources")).json());
    for (const refreshToken of google.refreshTokensOf(account)) expect(listed).not.toContain(refreshToken);

    const events = (await (
      await ada.request("/api/calendar/events?from=2026-03-01&to=2026-03-07&timeZone=UTC")
    ).json()) as { events: OutsideEvent[] };
    expect(events.events.map((event) => [event.calendarName, event.title, event.start])).toEqual([
      ["ada@gmail.com", "Piano lesson", "2026-03-04T17:00:00.000Z"],
    ]);

    // The same answer from Google again: the state was taken the first time.
    expect(await callback(ada, back)).toBe("/calendar-settings?google=failed");
    expect(await sources()).toHaveLength(1);
  });

  it("trades the refresh token for a new access token when the old one ends, and not before", async () => {
    const [source] = await sources();
    const before = google.grants.refresh_token;
    // The access token of the code is still good: no trade.
    expect((await refresh(source!.id)).status.ok).toBe(true);
    expect(google.grants.refresh_token).toBe(before);

    // Google ends access tokens a minute before they say (here: one second after issuing).
    google.expiresIn = 61;
    const refusedBefore = google.refused;
    google.expireAccessTokens();
    expect((await refresh(source!.id)).status.ok).toBe(true);
    expect(google.refused).toBeGreaterThan(refusedBefore);
    expect(google.grants.refresh_token).toBe(before + 1);
    // Kept for a second (61 s less the minute of margin): then traded again, ahead of Google's refusal.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refusedNow = google.refused;
    expect((await refresh(source!.id)).status.ok).toBe(true);
    expect(google.grants.refresh_token).toBe(before + 2);
    expect(google.refused).toBe(refusedNow);
    google.expiresIn = 3600;
  });

  it("says in plain words when Google no longer lets Tandem read, keeping the events", async () => {
    const [source] = await sources();
    for (const refreshToken of google.refreshTokensOf(account)) google.revoke(refreshToken);
    const refreshed = await refresh(source!.id);
    expect(refreshed.status).toMatchObject({ ok: false, error: GOOGLE_MESSAGES.revoked });
    const status = (await (await ada.request("/api/calendar/connection-status")).json()) as ConnectionStatus;
    expect(status.sources).toEqual([
      expect.objectContaining({
        id: source!.id,
        kind: "google",
        name: "Google Calendar",
        ok: false,
        error: GOOGLE_MESSAGES.revoked,
      }),
    ]);
    const events = (await (
      await ada.request("/api/calendar/events?from=2026-03-01&to=2026-03-07&timeZone=UTC")
    ).json()) as { events: OutsideEvent[] };
    expect(events.events.map((event) => event.title)).toEqual(["Piano lesson"]);
  });
});
