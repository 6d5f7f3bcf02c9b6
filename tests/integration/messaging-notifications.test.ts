import { beforeAll, expect, it } from "vitest";
import {
  type Conversation,
  MESSAGING_MESSAGES,
  type MessagingPreferences,
  type NotifyLevel,
} from "../../domain/messaging.js";
import type { Notification, NotificationPage } from "../../domain/notifications.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import {
  allMessagesOf,
  conversationOf,
  newClientId,
  newGroup,
  type Person,
  send,
  sent,
  useMessagingServer,
} from "../helpers/messaging.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi } from "../helpers/tasks.js";

/**
 * Who a message notifies (mentions, each member's notify level, "once until read") and each
 * member's messaging choices (notify level, mutual read receipts), over HTTP on both databases.
 * A notification is made within the send's request, so the center read after the send's answer
 * already holds it, or never will.
 */
describeEachDialect("messaging notifications and settings", (_dialect, createDatabase) => {
  const context = useMessagingServer(createDatabase);
  let outsider: Person;

  beforeAll(async () => {
    outsider = { ...(await signUp(context.server.baseUrl, "Eve Outsider")), name: "Eve Outsider" };
  });

  /**
   * Makes a member's last read a few minutes old: one who read a moment ago is reading along and
   * sees new messages live (docs/messaging.md), so only then does "all" notify again.
   */
  async function readMinutesAgo(userId: string, conversationId: string, minutes: number): Promise<void> {
    await context.server.database.db
      .updateTable("conversation_readers")
      .set({ read_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where("conversation_id", "=", conversationId)
      .where("user_id", "=", userId)
      .execute();
  }

  /** The message notifications in `client`'s center, oldest first. */
  async function messageNotifications(client: HttpClient): Promise<Notification[]> {
    const response = await client.request("/api/notifications");
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as NotificationPage;
    return page.notifications.filter((notification) => notification.type === "message").reverse();
  }

  const titles = async (client: HttpClient) =>
    (await messageNotifications(client)).map((notification) => notification.title);

  async function setNotify(client: HttpClient, conversationId: string, notify: NotifyLevel): Promise<Conversation> {
    const response = await client.request(`/api/conversations/${conversationId}/settings`, {
      method: "PUT",
      json: { notify },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Conversation;
  }

  async function markRead(client: HttpClient, conversationId: string, seq: number): Promise<Conversation> {
    const response = await client.request(`/api/conversations/${conversationId}/read`, {
      method: "PUT",
      json: { seq },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Conversation;
  }

  async function setReadReceipts(client: HttpClient, readReceipts: boolean): Promise<void> {
    const response = await client.request("/api/messaging/settings", { method: "PUT", json: { readReceipts } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ readReceipts });
  }

  async function groupOf(memberCount: number) {
    const group = await newGroup(context.server, memberCount);
    return { ...group, conversationId: (await conversationOf(group.owner.client, group.groupId)).id };
  }

  it("stops the conversation for everyone once the group's owner switches messaging off for the group", async () => {
    const { name, owner, members, groupId, conversationId } = await groupOf(1);
    const [member] = members;
    await sent(owner.client, conversationId, { body: "before" });
    const off = await owner.client.request(`/api/groups/${groupId}/modules/messaging`, {
      method: "PUT",
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    // Every route, also those that do not name the group: 403, and the list leaves it out.
    for (const [what, response] of [
      ["read", await member!.client.request(`/api/conversations/${conversationId}/messages?after=0`)],
      ["send", await send(member!.client, conversationId, { body: "after" })],
    ] as const) {
      expect(response.status, what).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "MODULE_DISABLED" } });
    }
    const listed = (await (await member!.client.request("/api/conversations")).json()) as {
      conversations: { id: string }[];
    };
    expect(listed.conversations.map((conversation) => conversation.id)).not.toContain(conversationId);

    // Back on for the group, but off for the member alone: a mention of them notifies nobody.
    const toggle = (client: HttpClient, path: string, enabled: boolean) =>
      client.request(path, { method: "PUT", json: { enabled } });
    expect((await toggle(owner.client, `/api/groups/${groupId}/modules/messaging`, true)).status).toBe(200);
    expect((await toggle(member!.client, "/api/modules/messaging", false)).status).toBe(200);
    const before = await titles(member!.client);
    await sent(owner.client, conversationId, { body: "Are you there?", mentions: [member!.id] });
    expect(await titles(member!.client)).toEqual(before);
    expect((await toggle(member!.client, "/api/modules/messaging", true)).status).toBe(200);
    await sent(owner.client, conversationId, { body: "Now?", mentions: [member!.id] });
    expect(await titles(member!.client)).toEqual([...before, `${owner.name} mentioned you in ${name}`]);
  });

  it("takes a deleted message's notifications back, so no held push or email delivers its text later", async () => {
    const { owner, members, conversationId } = await groupOf(1);
    const [member] = members;
    const secret = await sent(owner.client, conversationId, { body: "The surprise party is on Friday" });
    expect((await messageNotifications(member!.client)).map((notification) => notification.body)).toEqual([
      "The surprise party is on Friday",
    ]);
    const deleted = await owner.client.request(`/api/conversations/${conversationId}/messages/${secret.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(await messageNotifications(member!.client)).toEqual([]);
  });

  it("answers the same client id sent five times at once with one message (201 once, 200 for the rest)", async () => {
    const { owner, conversationId } = await groupOf(1);
    const clientId = newClientId();
    const statuses = await Promise.all(
      Array.from(
        { length: 5 },
        async () => (await send(owner.client, conversationId, { body: "once", clientId })).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await allMessagesOf(owner.client, conversationId)).map((message) => message.body)).toEqual(["once"]);
  });

  it("refuses a mention of anyone outside the group, and saves nothing of that message", async () => {
    const { owner, members, conversationId } = await groupOf(1);
    const [member] = members;
    for (const mentions of [[outsider.id], [member!.id, outsider.id], ["no-such-user"]]) {
      const response = await send(owner.client, conversationId, { body: "Psst", mentions });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message: MESSAGING_MESSAGES.mentionNotMember } });
    }
    expect(await allMessagesOf(owner.client, conversationId)).toEqual([]);
    expect(await titles(member!.client)).toEqual([]);
    expect(await titles(outsider.client)).toEqual([]);
  });

  it("notifies a mentioned member by name, behind or not, once, in the group's conversation and in a task's thread", async () => {
    const { groupId, name, owner, members, conversationId } = await groupOf(2);
    const [mentioned, other] = members;
    await sent(other!.client, conversationId, { body: "First!" });
    await sent(other!.client, conversationId, { body: "Anyone?" });
    // The mentioned member has read nothing: "all" alone would not notify them of a third message.
    const message = await sent(owner.client, conversationId, { body: "Can you call me?", mentions: [mentioned!.id] });
    expect(message.mentions).toEqual([mentioned!.id]);
    const notifications = await messageNotifications(mentioned!.client);
    expect(notifications.map((notification) => notification.title)).toEqual([
      `${other!.name} in ${name}`,
      `${owner.name} mentioned you in ${name}`,
    ]);
    expect(notifications[1]).toMatchObject({
      body: "Can you call me?",
      link: `/isolated-messaging?group=${encodeURIComponent(groupId)}`,
    });
    // The member left out of the mention, caught up by writing, gets the plain one.
    expect(await titles(other!.client)).toEqual([`${owner.name} in ${name}`]);

    const task = await addTaskOverApi(owner.client, groupId, "Fix the gate");
    const thread = (await (await owner.client.request(`/api/tasks/${task.id}/conversation`)).json()) as Conversation;
    // Mentioning oneself is no mention.
    expect((await sent(mentioned!.client, thread.id, { body: "On it", mentions: [mentioned!.id] })).mentions).toEqual(
      [],
    );
    // Caught up (they wrote the last message) and mentioned: one notification, the mention.
    await sent(owner.client, thread.id, { body: "Thanks", mentions: [mentioned!.id] });
    expect((await messageNotifications(mentioned!.client)).slice(2)).toEqual([
      expect.objectContaining({
        title: `${owner.name} mentioned you in “Fix the gate”`,
        body: "Thanks",
        link: `/task-detail-page?id=${encodeURIComponent(task.id)}`,
      }),
    ]);
  });

  it('notifies on "all" once for the first unread message, not again until read, nor while reading along', async () => {
    const { name, owner, members, conversationId } = await groupOf(1);
    const [member] = members;
    await sent(owner.client, conversationId, { body: "one" });
    expect(await titles(member!.client)).toEqual([`${owner.name} in ${name}`]);
    await sent(owner.client, conversationId, { body: "two" });
    await sent(owner.client, conversationId, { body: "three" });
    expect(await messageNotifications(member!.client)).toEqual([
      expect.objectContaining({ title: `${owner.name} in ${name}`, body: "one" }),
    ]);
    // Read a moment ago: they follow the conversation live, and are not notified of "four".
    await markRead(member!.client, conversationId, 3);
    await sent(owner.client, conversationId, { body: "four" });
    await markRead(member!.client, conversationId, 4);
    // Read minutes ago: the next message calls them back, once.
    await readMinutesAgo(member!.id, conversationId, 3);
    await sent(owner.client, conversationId, { body: "five" });
    await sent(owner.client, conversationId, { body: "six" });
    expect((await messageNotifications(member!.client)).map((notification) => notification.body)).toEqual([
      "one",
      "five",
    ]);
    // The author is never notified of their own messages.
    expect(await titles(owner.client)).toEqual([]);
  });

  it('notifies on "mentions" only when mentioned, and on "none" never, mentioned or not', async () => {
    const { name, owner, members, conversationId } = await groupOf(2);
    const [quiet, muted] = members;
    expect((await setNotify(quiet!.client, conversationId, "mentions")).notify).toBe("mentions");
    expect((await setNotify(muted!.client, conversationId, "none")).notify).toBe("none");

    // Both caught up: "all" would notify each of these.
    await sent(owner.client, conversationId, { body: "Plain news" });
    expect(await titles(quiet!.client)).toEqual([]);
    expect(await titles(muted!.client)).toEqual([]);

    await sent(owner.client, conversationId, { body: "You two!", mentions: [quiet!.id, muted!.id] });
    expect(await titles(quiet!.client)).toEqual([`${owner.name} mentioned you in ${name}`]);
    expect(await titles(muted!.client)).toEqual([]);

    // Caught up again, and not mentioned: still nothing on "mentions".
    await markRead(quiet!.client, conversationId, 2);
    await sent(owner.client, conversationId, { body: "More plain news" });
    expect(await titles(quiet!.client)).toHaveLength(1);

    // Back to "all": the next message after what they read (minutes ago) notifies.
    await markRead(quiet!.client, conversationId, 3);
    await readMinutesAgo(quiet!.id, conversationId, 3);
    await setNotify(quiet!.client, conversationId, "all");
    await sent(owner.client, conversationId, { body: "Hello again" });
    expect(await titles(quiet!.client)).toEqual([`${owner.name} mentioned you in ${name}`, `${owner.name} in ${name}`]);
    expect(await titles(muted!.client)).toEqual([]);
  });

  it("keeps each member's notify level, shows it with the conversation, and refuses outsiders and bad values", async () => {
    const { groupId, owner, members, conversationId } = await groupOf(1);
    const [member] = members;
    expect((await conversationOf(member!.client, groupId)).notify).toBe("all");
    await setNotify(member!.client, conversationId, "mentions");
    expect((await conversationOf(member!.client, groupId)).notify).toBe("mentions");
    // One member's level is theirs alone.
    expect((await conversationOf(owner.client, groupId)).notify).toBe("all");
    await setNotify(member!.client, conversationId, "none");
    expect((await conversationOf(member!.client, groupId)).notify).toBe("none");

    const settings = `/api/conversations/${conversationId}/settings`;
    const outside = await outsider.client.request(settings, { method: "PUT", json: { notify: "none" } });
    expect(outside.status).toBe(404);
    for (const body of [{ notify: "loud" }, { notify: "" }, {}, { notify: null }]) {
      const bad = await member!.client.request(settings, { method: "PUT", json: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await conversationOf(member!.client, groupId)).notify).toBe("none");
  });

  it("shows read markers only to a member who shares theirs, and only of members who share theirs", async () => {
    const { groupId, owner, members, conversationId } = await groupOf(2);
    const [sharer, private_] = members;
    const readersSeenBy = async (client: HttpClient) => (await conversationOf(client, groupId)).readers;
    const preferencesOf = async (client: HttpClient) =>
      (await (await client.request("/api/messaging/settings")).json()) as MessagingPreferences;

    expect(await preferencesOf(owner.client)).toEqual({ readReceipts: false });
    await sent(owner.client, conversationId, { body: "one" });
    await sent(owner.client, conversationId, { body: "two" });
    // Sending moves no marker: the owner reads their own conversation like anyone.
    await markRead(owner.client, conversationId, 2);
    await markRead(sharer!.client, conversationId, 1);
    await markRead(private_!.client, conversationId, 2);
    // Off by default, for everyone.
    for (const person of [owner, sharer!, private_!]) expect(await readersSeenBy(person.client)).toEqual([]);

    // One side alone sees nothing, and shows nothing.
    await setReadReceipts(sharer!.client, true);
    expect(await preferencesOf(sharer!.client)).toEqual({ readReceipts: true });
    for (const person of [owner, sharer!, private_!]) expect(await readersSeenBy(person.client)).toEqual([]);

    // Both sides: each sees the other, and never the member who keeps theirs.
    await setReadReceipts(owner.client, true);
    expect(await readersSeenBy(owner.client)).toEqual([{ userId: sharer!.id, name: sharer!.name, lastReadSeq: 1 }]);
    expect(await readersSeenBy(sharer!.client)).toEqual([{ userId: owner.id, name: owner.name, lastReadSeq: 2 }]);
    expect(await readersSeenBy(private_!.client)).toEqual([]);
    // A marker that moves shows where it is now, also in the answer to the move.
    expect((await markRead(sharer!.client, conversationId, 2)).readers).toEqual([
      { userId: owner.id, name: owner.name, lastReadSeq: 2 },
    ]);
    expect(await readersSeenBy(owner.client)).toEqual([{ userId: sharer!.id, name: sharer!.name, lastReadSeq: 2 }]);

    // Turned off again: neither sees the other's any more.
    await setReadReceipts(sharer!.client, false);
    expect(await readersSeenBy(owner.client)).toEqual([]);
    expect(await readersSeenBy(sharer!.client)).toEqual([]);

    const bad = await owner.client.request("/api/messaging/settings", {
      method: "PUT",
      json: { readReceipts: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(await preferencesOf(owner.client)).toEqual({ readReceipts: true });
  });
});
