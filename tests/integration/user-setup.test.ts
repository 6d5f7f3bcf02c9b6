import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_CATEGORIES } from "../../domain/categories.js";
import { MODULES } from "../../domain/modules.js";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../domain/notification-settings.js";
import { DEFAULT_SETTINGS } from "../../domain/settings.js";
import { ensureUserSetup } from "../../server/services/accounts/user-setup.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("initial-user-setup", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  const db = () => context.server.database.db;
  let ada: HttpClient;
  let adaId: string;

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Lovelace", "ada@example.org"));
  });

  it("gives a first sign-in a profile, a personal group with the default categories, settings and preferences", async () => {
    const profile = await (await ada.request("/api/profile")).json();
    expect(profile).toEqual({
      userId: adaId,
      displayName: "Ada Lovelace",
      email: "ada@example.org",
      avatarUrl: null,
      timeZone: null,
      locale: null,
    });

    const groups = await db().selectFrom("groups").selectAll().where("owner_id", "=", adaId).execute();
    expect(groups).toEqual([expect.objectContaining({ name: "Ada Lovelace's Task Manager", type: "personal" })]);
    const members = await db().selectFrom("group_members").selectAll().where("group_id", "=", groups[0]!.id).execute();
    expect(members).toEqual([expect.objectContaining({ user_id: adaId, role: "owner" })]);

    const categories = await context.server.app.deps.repositories.categories.listForGroup(groups[0]!.id);
    expect(
      categories.map((row) => ({
        id: row.id,
        name: row.name,
        label: row.label,
        icon: row.icon,
        color: row.color,
        order: row.order,
        shared: row.shared,
      })),
    ).toEqual(DEFAULT_CATEGORIES);
    expect(categories.map((row) => row.label)).toEqual([
      "Work Tasks",
      "Personal Tasks",
      "Shopping List",
      "Family Events",
      "Other Tasks",
    ]);
    expect(new Set(categories.map((row) => row.ownerId))).toEqual(new Set(["system"]));

    const { preferences } = context.server.app.deps.repositories;
    expect(JSON.parse((await preferences.findSettingsJson(adaId))!)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      showConfetti: true,
      showCompletedTasks: true,
      soundEnabled: true,
      showCompletionAnimation: true,
      enableAssistantSearch: false,
    });
    const notifications = (await preferences.findNotificationSettings(adaId))!;
    expect(notifications.preferences).toEqual(DEFAULT_NOTIFICATION_SETTINGS.preferences);
    expect(notifications).toMatchObject({
      push_enabled: true,
      email_enabled: true,
      websocket_enabled: true,
      quiet_hours_start: null,
    });
    const modules = await context.server.app.deps.repositories.moduleSwitches.userChoices(adaId);
    expect(modules.map((choice) => [choice.moduleId, choice.enabled]).sort()).toEqual(
      MODULES.map((module) => [module.id, true]).sort(),
    );
  });

  it("is safe to repeat and never overwrites what the user changed", async () => {
    const renamed = await ada.request("/api/profile", { method: "PATCH", json: { displayName: "Countess Ada" } });
    expect(renamed.status).toBe(200);
    const first = await ada.request("/api/initial-user-setup", { method: "POST" });
    const again = await ada.request("/api/initial-user-setup", { method: "POST" });
    expect(first.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await (await ada.request("/api/profile")).json()).toMatchObject({ displayName: "Countess Ada" });
    const personal = await db().selectFrom("groups").select("id").where("owner_id", "=", adaId).execute();
    expect(personal).toHaveLength(1);
  });

  it("creates exactly one of each when first requests race", async () => {
    // A user the server has never set up, then eight setups at once, as several tabs and devices could.
    const now = new Date().toISOString();
    const user = await context.server.app.deps.repositories.users.upsertFromSignIn(
      { issuer: "https://issuer.example", subject: randomUUID(), email: null, emailVerified: false, name: "Racer" },
      randomUUID(),
      now,
    );
    const results = await Promise.all(Array.from({ length: 8 }, () => ensureUserSetup(context.server.app.deps, user)));
    expect(new Set(results.map((result) => result.personalGroupId)).size).toBe(1);

    const count = async (table: "profiles" | "user_settings" | "notification_settings" | "module_preferences") =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("user_id", "=", user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("profiles")).toBe(1);
    expect(await count("user_settings")).toBe(1);
    expect(await count("notification_settings")).toBe(1);
    expect(await count("module_preferences")).toBe(MODULES.length);
    const groups = await db().selectFrom("groups").select("id").where("owner_id", "=", user.id).execute();
    expect(groups).toHaveLength(1);
    const categories = await db().selectFrom("categories").select("id").where("group_id", "=", groups[0]!.id).execute();
    expect(categories).toHaveLength(DEFAULT_CATEGORIES.length);
    const members = await db()
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", groups[0]!.id)
      .execute();
    expect(members).toEqual([{ user_id: user.id }]);
  });

  it("needs a signed-in caller", async () => {
    const response = await fetch(`${context.server.baseUrl}/api/initial-user-setup`, { method: "POST" });
    expect(response.status).toBe(401);
  });
});
