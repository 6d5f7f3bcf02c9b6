import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "../../domain/settings.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("settings", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let laptop: HttpClient;
  let phone: HttpClient;
  let adaId: string;

  beforeAll(async () => {
    ({ client: laptop, id: adaId } = await signUp(context.server.baseUrl, "Ada"));
    phone = (
      await signInWithBuiltinProvider(
        context.server.baseUrl,
        { email: "ada@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
  });

  it("starts with the defaults", async () => {
    expect(await (await laptop.request("/api/settings")).json()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      showConfetti: true,
      showCompletedTasks: true,
      soundEnabled: true,
      showCompletionAnimation: true,
      enableAssistantSearch: false,
      theme: "system",
    });
  });

  it("changes only what is sent, and the other device hears of it live", async () => {
    const live = await openLiveSocket(phone);
    const first = await laptop.request("/api/settings", { method: "PATCH", json: { showConfetti: false } });
    expect(await first.json()).toMatchObject({ showConfetti: false, soundEnabled: true });
    await live.waitFor((m) => m.type === "settings.changed");
    live.socket.close();
    // The phone changes another setting: both changes stay.
    await phone.request("/api/settings", { method: "PATCH", json: { theme: "dark" } });
    expect(await (await laptop.request("/api/settings")).json()).toMatchObject({ showConfetti: false, theme: "dark" });
  });

  it("refuses unknown settings and wrong types, and keeps what was saved", async () => {
    for (const body of [{ showConfetti: "yes" }, { colourScheme: "pink" }, { activeSoundTheme: "airhorn" }]) {
      const refused = await laptop.request("/api/settings", { method: "PATCH", json: body });
      expect(refused.status).toBe(400);
    }
    expect(await (await laptop.request("/api/settings")).json()).toMatchObject({ showConfetti: false, theme: "dark" });
  });

  it("takes a theme only when it was chosen after the account's, whatever order the changes arrive in", async () => {
    const patch = async (json: Record<string, unknown>) => {
      const response = await laptop.request("/api/settings", { method: "PATCH", json });
      return { status: response.status, body: (await response.json()) as Settings };
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    // The phone chose dark a moment ago (no time sent: now). A choice from an hour ago, sent late
    // (a device opened after a while, an offline queue), changes nothing.
    const stale = await patch({ theme: "light", themeUpdatedAt: hoursAgo(1) });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ theme: "dark", showConfetti: false });
    const darkAt = stale.body.themeUpdatedAt!;
    expect(Date.parse(darkAt)).toBeGreaterThan(Date.parse(hoursAgo(1)));
    // A newer one is taken, with its time; a time ahead of the server's clock counts as now.
    const newer = await patch({ theme: "light", themeUpdatedAt: new Date(Date.parse(darkAt) + 1).toISOString() });
    expect(newer.body).toMatchObject({
      theme: "light",
      themeUpdatedAt: new Date(Date.parse(darkAt) + 1).toISOString(),
    });
    const ahead = await patch({ theme: "system", themeUpdatedAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(ahead.body.theme).toBe("system");
    expect(Date.parse(ahead.body.themeUpdatedAt!)).toBeLessThanOrEqual(Date.now());
    expect((await patch({ theme: "dark", themeUpdatedAt: "yesterday" })).status).toBe(400);
    expect((await patch({ theme: "dark" })).body).toMatchObject({ theme: "dark", showConfetti: false });
  });

  it("reads a broken stored value as its default, keeping the other settings, never as an error", async () => {
    await context.server.database.db
      .updateTable("user_settings")
      .set({ settings: '{"showConfetti": "not a boolean", "theme": "dark", "retired": 1}' })
      .where("user_id", "=", adaId)
      .execute();
    expect(await (await laptop.request("/api/settings")).json()).toEqual({ ...DEFAULT_SETTINGS, theme: "dark" });
    await context.server.database.db
      .updateTable("user_settings")
      .set({ settings: "{not json" })
      .where("user_id", "=", adaId)
      .execute();
    expect(await (await laptop.request("/api/settings")).json()).toEqual(DEFAULT_SETTINGS);
  });
});
