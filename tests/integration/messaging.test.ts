import { beforeAll, expect, it } from "vitest";
import { type Conversation, type Message, type Messages, MESSAGING_MESSAGES } from "../../domain/messaging.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/**
 * The messaging module over HTTP: a group's conversation and its tasks' threads, for the group's
 * current members only; one message per client id; one gapless order.
 */
describeEachDialect("isolated messaging", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let bob: HttpClient;
  let bobId: string;
  let eve: HttpClient;
  let family: string;
  let people = 0;

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Owner"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Member"));
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Outsider"));
    family = await createSharedGroup(context.server.database.db, { ownerId: adaId, memberIds: [bobId] });
  });

  async function conversationOf(client: HttpClient, groupId: string): Promise<Conversation> {
    const response = await client.request(`/api/groups/${groupId}/conversation`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Conversation;
  }

  let sends = 0;
  const send = (
    client: HttpClient,
    conversationId: string,
    body: string,
    clientId = `client-${++sends}-${Date.now()}`,
  ) => client.request(`/api/conversations/${conversationId}/messages`, { json: { clientId, body } });

  async function messagesOf(client: HttpClient, conversationId: string, after = 0): Promise<Messages> {
    const response = await client.request(`/api/conversations/${conversationId}/messages?after=${after}&limit=200`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Messages;
  }

  async function newGroup(): Promise<{ groupId: string; owner: HttpClient; member: HttpClient; memberId: string }> {
    people += 1;
    const owner = await signUp(context.server.baseUrl, `Owner ${people}`);
    const member = await signUp(context.server.baseUrl, `Member ${people}`);
    const groupId = await createSharedGroup(context.server.database.db, {
      ownerId: owner.id,
      memberIds: [member.id],
      name: `Group ${people}`,
    });
    return { groupId, owner: owner.client, member: member.client, memberId: member.id };
  }

  it("lets two members talk in their group's conversation, with unread counts from each one's marker", async () => {
    const conversation = await conversationOf(ada, family);
    expect(conversation).toMatchObject({ groupId: family, taskId: null, title: "Test family", lastSeq: 0, unread: 0 });
    // Both members get the same conversation.
    expect((await conversationOf(bob, family)).id).toBe(conversation.id);

    const first = await send(ada, conversation.id, "  Dinner at **seven**?  ");
    expect(first.status).toBe(201);
    const message = (await first.json()) as Message;
    expect(message).toMatchObject({ seq: 1, body: "Dinner at **seven**?", authorName: "Ada Owner", editedAt: null });
    expect((await send(bob, conversation.id, "Yes, I'll bring bread")).status).toBe(201);

    const read = await messagesOf(bob, conversation.id);
    expect(read.lastSeq).toBe(2);
    expect(read.messages.map((m) => [m.seq, m.body])).toEqual([
      [1, "Dinner at **seven**?"],
      [2, "Yes, I'll bring bread"],
    ]);
    // Sending marks nothing read (a replayed offline message says nothing of what its author saw):
    // each has the other's message unread, and their own never counts.
    const listed = async (client: HttpClient) =>
      (
        (await (await client.request("/api/conversations")).json()) as { conversations: Conversation[] }
      ).conversations.find((entry) => entry.id === conversation.id);
    expect((await listed(bob))?.unread).toBe(1);
    expect((await listed(ada))?.unread).toBe(1);
    const marked = await ada.request(`/api/conversations/${conversation.id}/read`, { method: "PUT", json: { seq: 2 } });
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as Conversation).unread).toBe(0);
    // A marker never goes back (another device reporting late).
    await ada.request(`/api/conversations/${conversation.id}/read`, { method: "PUT", json: { seq: 1 } });
    expect((await listed(ada))?.lastReadSeq).toBe(2);
  });

  it("makes one message of the same client id sent three times, and refuses the id for other text", async () => {
    const { id } = await conversationOf(ada, family);
    const before = (await messagesOf(ada, id)).lastSeq;
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await send(ada, id, "Sent from a train", "offline-replay-0001")).status);
    }
    expect(statuses).toEqual([201, 200, 200]);
    const after = await messagesOf(ada, id, before);
    expect(after.messages.map((m) => m.body)).toEqual(["Sent from a train"]);
    const reused = await send(ada, id, "Something else", "offline-replay-0001");
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ error: { message: MESSAGING_MESSAGES.clientIdReused } });
  });

  // Two hundred requests one after another per dialect: a few seconds on a quiet machine, past the
  // suite's 30 s beside the browser suite on a shared two-core one. The budget is its own.
  it(
    "numbers two senders' concurrent messages 1, 2, 3… with no gap, the same for every reader",
    { timeout: 120_000 },
    async () => {
      const { groupId, owner, member } = await newGroup();
      const { id } = await conversationOf(owner, groupId);
      // Two people typing away at once, each client sending one message after another.
      const each = 100;
      const sender = async (client: HttpClient, name: string) => {
        const statuses: number[] = [];
        for (let index = 0; index < each; index += 1)
          statuses.push((await send(client, id, `${name} ${index}`)).status);
        return statuses;
      };
      const statuses = await Promise.all([sender(owner, "owner"), sender(member, "member")]);
      expect(statuses.flat()).toEqual(Array(each * 2).fill(201));
      const seen = await messagesOf(member, id);
      expect(seen.messages.map((m) => m.seq)).toEqual(Array.from({ length: each * 2 }, (_, index) => index + 1));
      expect((await messagesOf(owner, id)).messages.map((m) => m.id)).toEqual(seen.messages.map((m) => m.id));
      // Each sender's messages keep the order they were sent in.
      const bodiesOf = (name: string) => seen.messages.map((m) => m.body!).filter((body) => body.startsWith(name));
      expect(bodiesOf("owner")).toEqual(Array.from({ length: each }, (_, index) => `owner ${index}`));
      expect(bodiesOf("member")).toEqual(Array.from({ length: each }, (_, index) => `member ${index}`));
      // A client that missed twenty asks from the last it has and gets exactly those.
      const missed = await messagesOf(member, id, each * 2 - 20);
      expect(missed.messages.map((m) => m.seq)).toEqual(
        Array.from({ length: 20 }, (_, index) => each * 2 - 19 + index),
      );
    },
  );

  it("answers 404 to anyone outside the group, for reading, sending, marking and the group's conversation", async () => {
    const { id } = await conversationOf(ada, family);
    expect((await eve.request(`/api/groups/${family}/conversation`)).status).toBe(404);
    expect((await eve.request(`/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await send(eve, id, "Let me in")).status).toBe(404);
    expect((await eve.request(`/api/conversations/${id}/read`, { method: "PUT", json: { seq: 1 } })).status).toBe(404);
    const [firstMessage] = (await messagesOf(ada, id)).messages;
    const edit = await eve.request(`/api/conversations/${id}/messages/${firstMessage!.id}`, {
      method: "PATCH",
      json: { body: "hacked" },
    });
    expect(edit.status).toBe(404);
    expect(
      (await eve.request(`/api/conversations/${id}/messages/${firstMessage!.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect((await eve.request("/api/conversations")).status).toBe(200);
    const eveList = (await (await eve.request("/api/conversations")).json()) as { conversations: Conversation[] };
    expect(eveList.conversations.map((entry) => entry.id)).not.toContain(id);
    expect((await messagesOf(ada, id)).messages.some((m) => m.body === "Let me in" || m.body === "hacked")).toBe(false);
  });

  it("stops a removed member at once: their next send is refused with the reason, and they read nothing", async () => {
    const { groupId, owner, member, memberId } = await newGroup();
    const { id } = await conversationOf(owner, groupId);
    expect((await send(member, id, "Still here")).status).toBe(201);
    const removed = await owner.request(`/api/groups/${groupId}/members/${memberId}`, { method: "DELETE" });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    const refused = await send(member, id, "Written offline before I was removed");
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { message: MESSAGING_MESSAGES.noAccess } });
    expect((await member.request(`/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await messagesOf(owner, id)).messages.map((m) => m.body)).toEqual(["Still here"]);
  });

  it("lets the author edit (marked edited), the author or the owner delete (a tombstone stays), nobody else", async () => {
    const { groupId, owner, member } = await newGroup();
    const { id } = await conversationOf(owner, groupId);
    const mine = (await (await send(member, id, "Buy milk")).json()) as Message;
    const owners = (await (await send(owner, id, "Buy eggs")).json()) as Message;
    const path = (message: Message) => `/api/conversations/${id}/messages/${message.id}`;

    const edited = await member.request(path(mine), { method: "PATCH", json: { body: "Buy oat milk" } });
    expect(edited.status).toBe(200);
    expect((await edited.json()) as Message).toMatchObject({ body: "Buy oat milk", editedAt: expect.any(String) });
    const notTheirs = await member.request(path(owners), { method: "PATCH", json: { body: "Buy nothing" } });
    expect(notTheirs.status).toBe(403);
    expect((await member.request(path(owners), { method: "DELETE" })).status).toBe(403);

    const deleted = await owner.request(path(mine), { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await deleted.json()) as Message).toMatchObject({
      seq: mine.seq,
      body: null,
      deletedAt: expect.any(String),
    });
    const afterwards = await messagesOf(member, id);
    expect(afterwards.messages.map((m) => [m.seq, m.body])).toEqual([
      [1, null],
      [2, "Buy eggs"],
    ]);
    expect((await member.request(path(mine), { method: "PATCH", json: { body: "again" } })).status).toBe(409);
  });

  it("tells the group's members live, nobody outside it, and a removed member nothing more", async () => {
    const { groupId, owner, member, memberId } = await newGroup();
    const { id } = await conversationOf(owner, groupId);
    const about = (conversationId: string) => (message: Record<string, unknown>) =>
      message.type === "module.event" &&
      message.moduleId === "messaging" &&
      message.event === `conversation.changed:${conversationId}`;
    const memberLive = await openLiveSocket(member);
    const outsiderLive = await openLiveSocket(eve);
    expect((await send(owner, id, "Family news")).status).toBe(201);
    await memberLive.waitFor(about(id));
    // Events reach each socket in order: once the outsider hears of their own conversation, they
    // would have heard of the family's before it.
    const own = (await conversationOf(eve, await personalGroupId(eve))).id;
    expect((await send(eve, own, "Note to self")).status).toBe(201);
    await outsiderLive.waitFor(about(own));
    expect(outsiderLive.inbox.filter((message) => about(id)(message as Record<string, unknown>))).toEqual([]);

    const removed = await owner.request(`/api/groups/${groupId}/members/${memberId}`, { method: "DELETE" });
    expect(removed.status).toBeLessThan(300);
    const heardBefore = memberLive.inbox.filter((message) => about(id)(message as Record<string, unknown>)).length;
    expect((await send(owner, id, "After you left")).status).toBe(201);
    const mine = (await conversationOf(member, await personalGroupId(member))).id;
    expect((await send(member, mine, "Still mine")).status).toBe(201);
    await memberLive.waitFor(about(mine));
    expect(memberLive.inbox.filter((message) => about(id)(message as Record<string, unknown>))).toHaveLength(
      heardBefore,
    );
    memberLive.socket.close();
    outsiderLive.socket.close();
  });

  it("keeps a task's thread to the members of the task's own group", async () => {
    const { groupId, owner, member } = await newGroup();
    const task = await addTaskOverApi(owner, groupId, "Paint the fence");
    const thread = await owner.request(`/api/tasks/${task.id}/conversation`);
    expect(thread.status).toBe(200);
    const conversation = (await thread.json()) as Conversation;
    expect(conversation).toMatchObject({ groupId, taskId: task.id, title: "Paint the fence" });
    expect((await send(member, conversation.id, "Which colour?")).status).toBe(201);
    // Another conversation than the group's own.
    expect((await conversationOf(owner, groupId)).id).not.toBe(conversation.id);
    expect((await eve.request(`/api/tasks/${task.id}/conversation`)).status).toBe(404);
  });

  it("refuses empty and overlong messages and a reply to a message of another conversation", async () => {
    const { id } = await conversationOf(ada, family);
    const empty = await send(ada, id, "   ");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { message: expect.stringContaining(MESSAGING_MESSAGES.empty) } });
    expect((await send(ada, id, "x".repeat(4001))).status).toBe(400);
    const { groupId, owner } = await newGroup();
    const elsewhere = (await conversationOf(owner, groupId)).id;
    const foreign = (await (await send(owner, elsewhere, "Over here")).json()) as Message;
    const reply = await ada.request(`/api/conversations/${id}/messages`, {
      json: { clientId: "reply-0000001", body: "Replying", replyToId: foreign.id },
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: { message: MESSAGING_MESSAGES.replyNotFound } });
  });
});
