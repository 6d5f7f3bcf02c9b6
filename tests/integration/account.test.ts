import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

interface SessionInfo {
  id: string;
  current: boolean;
  signedInWith: string;
  userAgent: string | null;
}

describeEachDialect("account: sessions, linked sign-in, deletion", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, INSTANCE_NAME: "Tandem Test" });
  const db = () => context.server.database.db;
  /** Time travel in the database: the server must also forget the sessions it resolved in the last seconds. */
  const forgetResolvedCredentials = () => context.server.app.deps.credentials.clear();
  const ada = { email: "ada@example.org", password: STRONG_PASSWORD, name: "Ada" };
  let laptop: HttpClient;
  let phone: HttpClient;
  let grace: HttpClient;
  let adaId: string;
  let graceId: string;

  const idOf = async (client: HttpClient) => ((await (await client.request("/api/me")).json()) as { id: string }).id;

  beforeAll(async () => {
    laptop = (await signInWithBuiltinProvider(context.server.baseUrl, ada)).client;
    phone = (await signInWithBuiltinProvider(context.server.baseUrl, ada, { mode: "login" })).client;
    grace = (
      await signInWithBuiltinProvider(context.server.baseUrl, {
        name: "Grace",
        email: "grace@example.org",
        password: STRONG_PASSWORD,
      })
    ).client;
    adaId = await idOf(laptop);
    graceId = await idOf(grace);
  });

  it("names the identity the account signs in with", async () => {
    expect(await (await laptop.request("/api/account/sign-in")).json()).toEqual({
      issuerId: "local",
      issuerName: "Tandem Test account",
      issuerUrl: `${context.server.baseUrl}/oidc`,
      email: "ada@example.org",
      emailVerified: false,
      builtin: true,
    });
  });

  it("leaves sessions that no longer work out of the list", async () => {
    const { client: oldTablet } = await signInWithBuiltinProvider(context.server.baseUrl, ada, { mode: "login" });
    const tabletId = ((await (await oldTablet.request("/api/sessions")).json()) as SessionInfo[]).find(
      (session) => session.current,
    )!.id;
    expect((await (await laptop.request("/api/sessions")).json()) as SessionInfo[]).toHaveLength(3);
    // The tablet was last used 15 days ago, past the 14-day idle limit: it cannot be used any more.
    const idle = new Date(Date.now() - 15 * 24 * 3600_000).toISOString();
    await db().updateTable("sessions").set({ last_seen_at: idle }).where("id_hash", "=", tabletId).execute();
    forgetResolvedCredentials();
    const live = (await (await laptop.request("/api/sessions")).json()) as SessionInfo[];
    expect(live.map((session) => session.id)).not.toContain(tabletId);
    expect(live).toHaveLength(2);
  });

  it("lists the account's signed-in browsers and signs one out remotely", async () => {
    const sessions = (await (await laptop.request("/api/sessions")).json()) as SessionInfo[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ signedInWith: "Tandem Test account" });

    const phoneSession = sessions.find((session) => !session.current)!;
    expect((await phone.request("/api/me")).status).toBe(200);
    // Another user cannot sign Ada's phone out: the id is not theirs, so it does not exist for them.
    expect((await grace.request(`/api/sessions/${phoneSession.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await phone.request("/api/me")).status).toBe(200);

    expect((await laptop.request(`/api/sessions/${phoneSession.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await phone.request("/api/me")).status).toBe(401);
    expect((await laptop.request("/api/me")).status).toBe(200);
    expect((await (await laptop.request("/api/sessions")).json()) as SessionInfo[]).toHaveLength(1);
  });

  it("previews the deletion: which owned groups pass to whom and which go", async () => {
    await createSharedGroup(db(), { ownerId: adaId, memberIds: [graceId], name: "Lovelace family" });
    await createSharedGroup(db(), { ownerId: adaId, memberIds: [], type: "team", name: "Solo team" });
    const preview = await (await laptop.request("/api/account/deletion-preview")).json();
    expect(preview).toEqual({
      personalGroup: { id: expect.any(String), name: "Ada's Task Manager" },
      ownedGroups: [
        {
          id: expect.any(String),
          name: "Lovelace family",
          type: "family",
          newOwner: { userId: graceId, displayName: "Grace" },
        },
        { id: expect.any(String), name: "Solo team", type: "team", newOwner: null },
      ],
      sessions: 1,
      apiTokens: 0,
      recentSignIn: true,
    });
  });

  it("deletes only with confirmation, only from a browser session, and only the caller's account", async () => {
    const unconfirmed = await laptop.request("/api/account", { method: "DELETE", json: {} });
    expect(unconfirmed.status).toBe(400);

    const { token } = (await (await laptop.request("/api/tokens", { json: { name: "script" } })).json()) as {
      token: string;
    };
    const byToken = await fetch(`${context.server.baseUrl}/api/account`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ confirm: true }),
    });
    expect(byToken.status).toBe(403);
    expect((await laptop.request("/api/me")).status).toBe(200);
  });

  it("asks for a fresh sign-in when the browser signed in more than 15 minutes ago", async () => {
    const sessions = (await (await laptop.request("/api/sessions")).json()) as SessionInfo[];
    const current = sessions.find((session) => session.current)!;
    const signedInAt = await db()
      .selectFrom("sessions")
      .select("created_at")
      .where("id_hash", "=", current.id)
      .executeTakeFirstOrThrow();
    const longAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await db().updateTable("sessions").set({ created_at: longAgo }).where("id_hash", "=", current.id).execute();
    forgetResolvedCredentials();
    try {
      expect(await (await laptop.request("/api/account/deletion-preview")).json()).toMatchObject({
        recentSignIn: false,
      });
      const refused = await laptop.request("/api/account", { method: "DELETE", json: { confirm: true } });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("sign in again");
      expect((await laptop.request("/api/me")).status).toBe(200);
    } finally {
      await db()
        .updateTable("sessions")
        .set({ created_at: signedInAt.created_at })
        .where("id_hash", "=", current.id)
        .execute();
      forgetResolvedCredentials();
    }
    expect(await (await laptop.request("/api/account/deletion-preview")).json()).toMatchObject({ recentSignIn: true });
  });

  it("deletes the account and its data, hands shared groups on, and ends every session", async () => {
    const family = (
      await db().selectFrom("groups").select("id").where("name", "=", "Lovelace family").executeTakeFirstOrThrow()
    ).id;
    const created = await laptop.request("/api/tasks", {
      json: { groupId: family, title: "Ada's task in the family" },
    });
    expect(created.status).toBe(201);
    const deleted = await laptop.request("/api/account", { method: "DELETE", json: { confirm: true } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie().join(";")).toMatch(/tandem_session=;/);
    expect((await laptop.request("/api/me")).status).toBe(401);

    const groups = await db().selectFrom("groups").select(["id", "name", "owner_id", "type"]).orderBy("name").execute();
    expect(groups).toEqual([
      { id: expect.any(String), name: "Grace's Task Manager", owner_id: graceId, type: "personal" },
      { id: expect.any(String), name: "Lovelace family", owner_id: graceId, type: "family" },
    ]);
    // The new owner is the owner in the member list too, not only on the group.
    expect(groups[1]!.id).toBe(family);
    expect(
      await db().selectFrom("group_members").select(["user_id", "role"]).where("group_id", "=", family).execute(),
    ).toEqual([{ user_id: graceId, role: "owner" }]);
    expect(await db().selectFrom("local_accounts").select("id").where("email", "=", ada.email).execute()).toEqual([]);
    // Ada's task in the family stays with the family, now owned by its owner.
    expect(
      await db().selectFrom("tasks").select(["title", "owner_id"]).where("group_id", "=", family).execute(),
    ).toEqual([{ title: "Ada's task in the family", owner_id: graceId }]);
    expect(
      await db().selectFrom("group_members").select(["user_id", "role"]).where("user_id", "=", adaId).execute(),
    ).toEqual([]);
    for (const table of ["sessions", "api_tokens", "profiles", "user_settings", "notification_settings"] as const) {
      const left = await db().selectFrom(table).select("user_id").where("user_id", "=", adaId).execute();
      expect(left, table).toEqual([]);
    }
    // Grace, now the family's owner, still sees it and still signs in.
    expect((await grace.request("/api/me")).status).toBe(200);
  });

  it("frees the email address: signing up again makes a new, empty account", async () => {
    const again = (await signInWithBuiltinProvider(context.server.baseUrl, ada)).client;
    const newId = await idOf(again);
    expect(newId).not.toBe(adaId);
    expect(await (await again.request("/api/account/deletion-preview")).json()).toMatchObject({ ownedGroups: [] });
  });
});
