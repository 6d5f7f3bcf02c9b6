import { beforeAll, expect, it } from "vitest";
import { MESSAGES } from "../../domain/errors.js";
import type { Message } from "../../domain/messaging.js";
import { openSqliteConnection } from "../../server/db/sqlite-connection.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import {
  allMessagesOf,
  conversationOf,
  dataUrl,
  newClientId,
  newGroup,
  type Person,
  send,
  sent,
  solidImage,
  useMessagingServer,
} from "../helpers/messaging.js";

/**
 * Messaging while the database cannot serve it: every route answers 503 with the API's error
 * body (which the offline queue reads as "try again later"), the server stays up, and a send
 * retried afterwards with its client id makes its one message. PostgreSQL goes down for real
 * (no connections, existing ones cut); SQLite's file stays, so there another process holds its
 * write lock, which is what makes a SQLite write fail for reasons not its own.
 */
describeEachDialect("messaging while the database is unavailable", (dialect, createDatabase) => {
  const context = useMessagingServer(createDatabase);
  let owner: Person;
  let member: Person;
  let groupId: string;
  let conversationId: string;
  let withImage: Message;

  beforeAll(async () => {
    const group = await newGroup(context.server);
    ({ owner, groupId } = group);
    member = group.members[0]!;
    conversationId = (await conversationOf(owner.client, groupId)).id;
    const png = await solidImage(8, 8, { r: 10, g: 20, b: 30 }).png().toBuffer();
    withImage = await sent(owner.client, conversationId, { body: "before", image: dataUrl("image/png", png) });
  });

  const unavailable = (message: string) => ({ error: { code: "service_unavailable", message } });

  async function expectUnavailable(response: Response, message: string, what: string): Promise<void> {
    expect(response.status, what).toBe(503);
    expect(response.headers.get("retry-after"), what).toBe("5");
    expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
    expect(await response.json(), what).toEqual(unavailable(message));
  }

  /** Every messaging route, as `client` would call it. */
  function everyRoute(client: HttpClient, clientId: string): [string, () => Promise<Response>][] {
    const put = (path: string, json: unknown) => () => client.request(path, { method: "PUT", json });
    return [
      ["list", () => client.request("/api/conversations")],
      ["group conversation", () => client.request(`/api/groups/${groupId}/conversation`)],
      ["messages", () => client.request(`/api/conversations/${conversationId}/messages?after=0`)],
      ["older messages", () => client.request(`/api/conversations/${conversationId}/messages?before=5&limit=5`)],
      ["send", () => send(client, conversationId, { body: "during the outage", clientId })],
      [
        "edit",
        () =>
          client.request(`/api/conversations/${conversationId}/messages/${withImage.id}`, {
            method: "PATCH",
            json: { body: "edited" },
          }),
      ],
      ["one message", () => client.request(`/api/conversations/${conversationId}/messages/${withImage.id}`)],
      ["image", () => client.request(`/api/conversations/${conversationId}/messages/${withImage.id}/image`)],
      ["read", put(`/api/conversations/${conversationId}/read`, { seq: 1 })],
      ["notify", put(`/api/conversations/${conversationId}/settings`, { notify: "mentions" })],
      ["typing", () => client.request(`/api/conversations/${conversationId}/typing`, { method: "POST" })],
      ["search", () => client.request(`/api/groups/${groupId}/messages/search?q=before`)],
      ["preferences", () => client.request("/api/messaging/settings")],
      ["save preferences", put("/api/messaging/settings", { readReceipts: true })],
    ];
  }

  // One test per database, chosen here: a skipped test counts as a failure in CI.
  if (dialect === "postgres")
    it("answers 503 on every messaging route while PostgreSQL is down, and a retried send makes one message after", async () => {
      const clientId = newClientId();
      const name = context.database.name;
      try {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
        for (const [what, call] of everyRoute(member.client, clientId)) {
          await expectUnavailable(await call(), MESSAGES.databaseDown, what);
        }
      } finally {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      await expect
        .poll(() => member.client.request("/api/conversations").then((response) => response.status))
        .toBe(200);
      // The offline queue sends it again with its client id: one message, made now.
      const retried = await send(member.client, conversationId, { body: "during the outage", clientId });
      expect(retried.status).toBe(201);
      const all = await allMessagesOf(owner.client, conversationId);
      expect(all.map((message) => [message.seq, message.body])).toEqual([
        [1, "before"],
        [2, "during the outage"],
      ]);
    });

  if (dialect === "sqlite")
    it("answers 503 to a send while another process holds SQLite's write lock, reads on, and a retried send makes one message after", async () => {
      if (context.database.config.kind !== "sqlite") throw new Error("a SQLite database was expected");
      const clientId = newClientId();
      const holder = openSqliteConnection(context.database.config.file);
      try {
        holder.exec("begin immediate");
        // The send's transaction waits the busy timeout for the write lock, then this write alone is refused.
        await expectUnavailable(
          await send(member.client, conversationId, { body: "during the lock", clientId }),
          MESSAGES.databaseBusy,
          "send",
        );
        // Reading needs no lock: the conversation is still there to read.
        expect((await allMessagesOf(member.client, conversationId)).map((message) => message.body)).toEqual(["before"]);
      } finally {
        holder.exec("rollback");
        holder.close();
      }
      expect((await send(member.client, conversationId, { body: "during the lock", clientId })).status).toBe(201);
      const all = await allMessagesOf(owner.client, conversationId);
      expect(all.map((message) => [message.seq, message.body])).toEqual([
        [1, "before"],
        [2, "during the lock"],
      ]);
    });
});
