import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../domain/settings.js";
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

  it("starts with the spec's defaults", async () => {
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
