import { afterAll, beforeAll, expect, it } from "vitest";
import type { Backup } from "../../domain/backup.js";
import { apiErrorSchema } from "../../domain/api-error.js";
import { storableTextCheck } from "../../domain/fields.js";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { type CollectedRoute, collectRoutes } from "../helpers/routes.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * Request strings that never reach the database as text, so any character is theirs to hold,
 * as "METHOD /pattern field" with the reason.
 */
const NOT_STORED: Record<string, string> = {
  "POST /oidc/interaction/:uid/login body.password": "only its scrypt hash is kept",
  "POST /oidc/interaction/:uid/signup body.password": "only its scrypt hash is kept",
  "POST /api/auth/reset-password body.password": "only its scrypt hash is kept",
  "POST /api/account/password body.currentPassword": "only checked against the stored scrypt hash",
  "POST /api/account/password body.newPassword": "only its scrypt hash is kept",
  ...Object.fromEntries(
    ["GET /oidc/interaction/:uid", "GET /oidc/interaction/:uid/details"]
      .concat(["login", "signup", "abort"].map((step) => `POST /oidc/interaction/:uid/${step}`))
      .map((route) => [
        `${route} params.uid`,
        "the provider reads the sign-in step from its own cookie: this id is never looked up",
      ]),
  ),
  "GET /api/auth/sign-in/:issuerId params.issuerId": "looked up among the configured issuers, not in the database",
  "POST /api/assistant body.conversation_id": "a UUID (z.uuid()): hex digits and dashes only",
  "GET /api/conversations/:conversationId params.conversationId": "a UUID (z.uuid()): hex digits and dashes only",
  "POST /api/assistant body.image_data": "sent to the model, never stored",
  "GET /api/calendar/feed/:file params.file":
    "only its SHA-256 is looked up, after a check that it is base64url and .ics",
  "POST /api/transcribe body.audio_data": "transcribed from a temporary file, never stored",
  "GET /assistant-ocr/:file params.file": "looked up among five installed files by name, never stored",
  "GET /api/auth/callback/:issuerId params.issuerId": "looked up among the configured issuers, not in the database",
  "GET /api/calendar/google/callback querystring.code": "sent to Google's token address once, never stored",
  "GET /api/calendar/google/callback querystring.state": "only its SHA-256 is looked up",
  "GET /api/calendar/google/callback querystring.error": "only compared with access_denied",
  "POST /api/groups/:groupId/shopping/check-offs body.at":
    "an ISO date-time (z.iso.datetime()), stored as the instant it names, written again by toISOString()",
  "GET /api/auth/sign-in/:issuerId querystring.next":
    'only safeNextPath(next) is kept: "/" for control characters, the rest percent-encoded by the URL parser',
};

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isZod = (value: unknown): value is ZodNode => typeof value === "object" && value !== null && "_zod" in value;

/** A string node that refuses what cannot be stored: by storableText(), or by a format that admits no such character. */
function isStorable(node: ZodNode): boolean {
  const def = node._zod.def;
  if (def.type !== "string") return false;
  if (def.format === "email") return true;
  return ((def.checks as unknown[] | undefined) ?? []).includes(storableTextCheck);
}

/** The paths of the strings in a zod schema that do not refuse unstorable characters. */
function bareStrings(node: ZodNode, path: string): string[] {
  const def = node._zod.def;
  const inner = (key: string, suffix = "") => bareStrings(def[key] as ZodNode, path + suffix);
  switch (def.type) {
    case "string":
      return isStorable(node) ? [] : [path];
    case "object":
      return Object.entries(def.shape as Record<string, ZodNode>).flatMap(([key, value]) =>
        bareStrings(value, `${path}.${key}`),
      );
    case "array":
      return inner("element", "[]");
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "pipe": {
      const input = def.in as ZodNode;
      // A string piped into a checked one is refused there (emailSchema: trimmed, then z.email()).
      if (input._zod.def.type === "string" && !isStorable(input)) return isStorable(def.out as ZodNode) ? [] : [path];
      return [...inner("in"), ...inner("out")];
    }
    case "union":
      return (def.options as ZodNode[]).flatMap((option) => bareStrings(option, path));
    case "intersection":
      return [...inner("left"), ...inner("right")];
    case "record":
      return [...inner("keyType", "{key}"), ...inner("valueType", "{value}")];
    case "tuple":
      return (def.items as ZodNode[]).flatMap((item, index) => bareStrings(item, `${path}[${index}]`));
    case "lazy":
      return bareStrings((def.getter as () => ZodNode)(), path);
    default:
      return [];
  }
}

describeEachDialect("input every database can store, and real dates", (_dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;
  let routes: CollectedRoute[];

  let ada: HttpClient;
  let groupId: string;
  let task: Task;
  let subtaskId: string;
  let categoryId: string;

  const web = createWebFixture();

  beforeAll(async () => {
    database = await createDatabase();
    ({ result: server, routes } = await collectRoutes(() => startServer(database, { WEB_DIST_DIR: web.dir })));
    ({ client: ada } = await signUp(server.baseUrl, "Ada"));
    const groups = (await (await ada.request("/api/groups")).json()) as Group[];
    groupId = groups.find((group) => group.isPersonal)!.id;
    const created = await ada.request("/api/tasks", {
      json: { groupId, title: "Water the ferns", subtasks: [{ title: "Fill the can" }] },
    });
    ({ task } = (await created.json()) as { task: Task });
    subtaskId = task.subtasks[0]!.id;
    const category = await ada.request(`/api/groups/${groupId}/categories`, { json: { name: "Garden" } });
    categoryId = ((await category.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    web.remove();
  });

  it("builds every string of every request schema on storableText() (or names why it is not stored)", () => {
    // A HEAD route is the GET route's twin, with the same schemas.
    const bare = routes
      .filter((route) => route.method !== "HEAD")
      .flatMap((route) =>
        (["params", "querystring", "body", "headers"] as const).flatMap((part) => {
          const schema = route.schema?.[part];
          if (!isZod(schema)) return [];
          return bareStrings(schema, part)
            .map((field) => `${route.method} ${route.url} ${field}`)
            .filter((entry) => !(entry in NOT_STORED));
        }),
      );
    expect(bare).toEqual([]);
  });

  /** A 400 whose message names the field; returns the message. */
  async function expectRefused(response: Response, field: string, what: string) {
    const text = await response.text();
    expect(response.status, `${what}: ${text}`).toBe(400);
    const { error } = apiErrorSchema.parse(JSON.parse(text));
    expect(error.code).toBe("validation_failed");
    expect(error.message, what).toContain(`${field}:`);
    return error.message;
  }

  /** What the account holds, as its owner reads it: nothing refused may show up here. */
  async function everything() {
    const read = async (path: string) => (await ada.request(path)).json();
    return {
      tasks: await read(`/api/groups/${groupId}/tasks`),
      categories: await read(`/api/groups/${groupId}/categories`),
      groups: await read("/api/groups"),
      profile: await read("/api/profile"),
      settings: await read("/api/settings"),
      notificationSettings: await read("/api/notification-settings"),
      tokens: await read("/api/tokens"),
      invitations: await read("/api/invitations"),
      // Ada is the instance's first account, so its admin.
      contactMessages: await read("/api/admin/contact-messages"),
      clientErrors: await server.database.db.selectFrom("client_errors").select("id").execute(),
      pushSubscriptions: await server.database.db.selectFrom("push_subscriptions").select("endpoint").execute(),
    };
  }

  it("refuses NUL and lone surrogates in every text field with 400 naming the field, and stores nothing", async () => {
    const before = await everything();
    for (const bad of ["a\u0000b", "a\ud800b"]) {
      const cases: [field: string, method: string, path: string, body?: unknown][] = [
        ["body.title", "POST", "/api/tasks", { groupId, title: bad }],
        ["body.notes", "POST", "/api/tasks", { groupId, title: "Fine", notes: bad }],
        ["body.category", "POST", "/api/tasks", { groupId, title: "Fine", category: bad }],
        ["body.subtasks.0.title", "POST", "/api/tasks", { groupId, title: "Fine", subtasks: [{ title: bad }] }],
        ["body.operationId", "POST", "/api/tasks", { groupId, title: "Fine", operationId: `op-12345${bad}` }],
        ["body.title", "PATCH", `/api/tasks/${task.id}`, { title: bad }],
        ["body.notes", "PATCH", `/api/tasks/${task.id}`, { notes: bad }],
        ["body.title", "POST", `/api/tasks/${task.id}/subtasks`, { title: bad }],
        ["body.title", "PATCH", `/api/tasks/${task.id}/subtasks/${subtaskId}`, { title: bad }],
        ["body.name", "POST", `/api/groups/${groupId}/categories`, { name: bad }],
        ["body.name", "PATCH", `/api/groups/${groupId}/categories/${categoryId}`, { name: bad }],
        ["body.name", "POST", "/api/groups", { name: bad, type: "family" }],
        ["body.categories.0", "POST", "/api/groups", { name: "Fine", type: "family", categories: [bad] }],
        ["body.name", "PATCH", `/api/groups/${groupId}`, { name: bad }],
        ["body.email", "POST", `/api/groups/${groupId}/invitations`, { email: `grace${bad}@example.org` }],
        ["body.displayName", "PATCH", "/api/profile", { displayName: bad }],
        ["body.timeZone", "PATCH", "/api/profile", { timeZone: `Europe/Berlin${bad}` }],
        ["body.defaultCategories.0", "PATCH", "/api/settings", { defaultCategories: [bad] }],
        ["body.name", "POST", "/api/tokens", { name: bad }],
        [
          "body.endpoint",
          "PUT",
          "/api/push-subscriptions",
          { endpoint: `https://push.example.org/${bad}`, keys: { p256dh: "key", auth: "auth" } },
        ],
        ["body.message", "POST", "/api/log-error", { message: bad, path: "/" }],
        ["body.path", "POST", "/api/log-error", { message: "Boom", path: `/${bad}` }],
      ];
      // A lone surrogate has no UTF-8 form, so no URL can carry one: paths and queries get the NUL.
      if (bad.includes("\u0000"))
        cases.push(
          ["params.taskId", "GET", `/api/tasks/a%00b`],
          ["params.groupId", "GET", `/api/groups/a%00b/tasks`],
          ["params.categoryId", "DELETE", `/api/groups/${groupId}/categories/a%00b`],
          ["querystring.operationId", "DELETE", `/api/tasks/${task.id}?operationId=op-12345%00`],
          ["querystring.before", "GET", "/api/notifications?before=2026-11-24T07:48:57.123Z%20a%00b"],
        );
      for (const [field, method, path, body] of cases)
        await expectRefused(await ada.request(path, { method, json: body }), field, `${method} ${path} ${bad}`);
      // The contact form takes 5 messages per address in 10 minutes: one field per character.
      const contact = { name: "Ada", email: "ada@example.org", message: "Hello there, operator." };
      const field = bad.includes("\u0000") ? "name" : "message";
      const response = await fetch(`${server.baseUrl}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...contact, [field]: `${contact[field]}${bad}` }),
      });
      await expectRefused(response, `body.${field}`, `contact ${field}`);
    }
    expect(await everything()).toEqual(before);
  });

  it("refuses to restore a backup holding a NUL, on either database, and restores nothing of it", async () => {
    const backup = (await (await ada.request("/api/backup")).json()) as Backup;
    const copy = { ...backup.tasks[0]!, id: `${groupId.slice(0, 8)}-restored01` };
    const before = await everything();
    const cases: [string, Backup][] = [
      ["body.backup.tasks.0.title", { ...backup, tasks: [{ ...copy, title: "Water\u0000 the ferns" }] }],
      ["body.backup.tasks.0.notes", { ...backup, tasks: [{ ...copy, notes: "\u0000" }] }],
      [
        "body.backup.tasks.0.subtasks.0.title",
        { ...backup, tasks: [{ ...copy, subtasks: [{ ...copy.subtasks[0]!, title: "Fill\u0000" }] }] },
      ],
    ];
    for (const [field, bad] of cases) {
      await expectRefused(
        await ada.request("/api/backup/restore", { json: { backup: bad, mode: "merge" } }),
        field,
        field,
      );
      await expectRefused(
        await ada.request(`/api/groups/${groupId}/restore`, { json: { backup: bad, mode: "replace", confirm: true } }),
        field,
        field,
      );
    }
    expect(await everything()).toEqual(before);
    // The same backup without the NUL restores: the refusal was about the character alone.
    const fine = await ada.request("/api/backup/restore", {
      json: { backup: { ...backup, tasks: [copy] }, mode: "merge" },
    });
    expect(await fine.json()).toMatchObject({ restored: 1 });
  });

  it("refuses dates and times that do not exist, everywhere one is accepted, with 400 naming the field", async () => {
    const before = await everything();
    const impossibleDeadlines = [
      "2026-02-31",
      "2026-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "2026-02-31T10:00",
      "2026-12-24T24:00",
      "2026-12-24T23:60",
      "2026-12-24T18:30+25:00",
    ];
    for (const deadline of impossibleDeadlines) {
      await expectRefused(
        await ada.request("/api/tasks", { json: { groupId, title: "Due", deadline } }),
        "body.deadline",
        deadline,
      );
      await expectRefused(
        await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { deadline } }),
        "body.deadline",
        deadline,
      );
    }
    const settings = (await (await ada.request("/api/notification-settings")).json()) as Record<string, unknown>;
    for (const [field, time] of [
      ["quiet_hours_start", "24:00"],
      ["quiet_hours_end", "23:60"],
      ["quiet_hours_start", "7:00"],
    ] as const) {
      const body = { ...settings, quiet_hours_start: "22:00", quiet_hours_end: "07:00", [field]: time };
      await expectRefused(
        await ada.request("/api/notification-settings", { method: "PUT", json: body }),
        `body.${field}`,
        `${field} ${time}`,
      );
    }
    const backup = (await (await ada.request("/api/backup")).json()) as Backup;
    const copy = { ...backup.tasks[0]!, id: `${groupId.slice(0, 8)}-restored02` };
    const subtask = copy.subtasks[0]!;
    const restores: [string, Backup][] = [
      ["body.backup.exportedAt", { ...backup, exportedAt: "2026-02-29T10:00:00Z" }],
      ["body.backup.tasks.0.createdAt", { ...backup, tasks: [{ ...copy, createdAt: "2026-02-31T10:00:00Z" }] }],
      [
        "body.backup.tasks.0.completedAt",
        { ...backup, tasks: [{ ...copy, completed: true, completedAt: "2026-11-24T10:00:00+25:00" }] },
      ],
      ["body.backup.tasks.0.deadline", { ...backup, tasks: [{ ...copy, deadline: "2026-02-31" }] }],
      [
        "body.backup.tasks.0.subtasks.0.createdAt",
        { ...backup, tasks: [{ ...copy, subtasks: [{ ...subtask, createdAt: "2026-11-24T24:00:00Z" }] }] },
      ],
    ];
    for (const [field, bad] of restores)
      await expectRefused(
        await ada.request("/api/backup/restore", { json: { backup: bad, mode: "merge" } }),
        field,
        field,
      );
    const queries: [string, string][] = [
      ["querystring.before", "/api/notifications?before=garbage"],
      ["querystring.before", "/api/notifications?before=2026-02-31T10:00:00.000Z%20abc"],
      ["querystring.before", "/api/notifications?before=2026-11-24T10:00:00.000Z"],
      ["querystring.since", `/api/groups/${groupId}/tasks?since=garbage`],
      ["querystring.since", `/api/groups/${groupId}/tasks?since=`],
      ["querystring.since", `/api/groups/${groupId}/tasks?since=1e3`],
      ["querystring.limit", "/api/admin/outbox?limit=1e1"],
      [
        "querystring.cursor",
        `/api/admin/outbox?cursor=${Buffer.from(JSON.stringify(["2026-02-31T10:00:00.000Z", "x"])).toString("base64url")}`,
      ],
    ];
    for (const [field, path] of queries) await expectRefused(await ada.request(path), field, path);
    expect(await everything()).toEqual(before);

    // The real ones are taken: the last day of February in a leap year, a well-formed cursor.
    for (const deadline of ["2028-02-29", "2028-02-29T23:59"]) {
      const created = await ada.request("/api/tasks", { json: { groupId, title: "Leap day", deadline } });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { task: Task }).task.deadline).toBe(deadline);
    }
    expect((await ada.request("/api/notifications?before=2026-11-24T10:00:00.000Z%20abc")).status).toBe(200);
    expect((await ada.request(`/api/groups/${groupId}/tasks?since=0`)).status).toBe(200);
  });
});
