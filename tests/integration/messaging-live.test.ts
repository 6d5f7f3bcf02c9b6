import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeAll, expect, it } from "vitest";
import { MESSAGING_MESSAGES, TYPING_REPORT_INTERVAL_MS } from "../../domain/messaging.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import {
  conversationOf,
  countIn,
  messagingEvent,
  newGroup,
  type Person,
  send,
  sent,
  waitForCount,
  useMessagingServer,
} from "../helpers/messaging.js";
import { type LiveSocket, openLiveSocket } from "../helpers/sockets.js";
import { signUp } from "../helpers/sign-in.js";
import { personalGroupId } from "../helpers/tasks.js";

/**
 * What reaches members' open sockets: typing reports (to the other members only, at most one per
 * few seconds from each), and nothing more of a conversation once one is removed from its group.
 * That no event arrived is shown with a fence: a later event to the same socket, after which an
 * earlier one would already be in its inbox (each socket gets its events in order).
 */
describeEachDialect("messaging live events", (_dialect, createDatabase) => {
  const context = useMessagingServer(createDatabase);
  let outsider: Person;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    outsider = { ...(await signUp(context.server.baseUrl, "Eve Outsider")), name: "Eve Outsider" };
  });
  afterEach(() => {
    for (const live of sockets.splice(0)) live.socket.close();
  });

  async function live(client: HttpClient): Promise<LiveSocket> {
    const opened = await openLiveSocket(client);
    sockets.push(opened);
    return opened;
  }

  const typing = (client: HttpClient, conversationId: string) =>
    client.request(`/api/conversations/${conversationId}/typing`, { method: "POST" });

  /**
   * A fence for `person`'s socket: they write in their own personal conversation and wait for
   * its event, after which any event sent to them earlier has arrived.
   */
  async function fence(person: Person, socket: LiveSocket): Promise<void> {
    const own = (await conversationOf(person.client, await personalGroupId(person.client))).id;
    const ownChanged = messagingEvent(`conversation.changed:${own}`);
    const before = countIn(socket.inbox, ownChanged);
    await sent(person.client, own, { body: "fence" });
    await waitForCount(socket, ownChanged, before + 1);
  }

  it("tells the other members that someone types, not the typist, not an outsider, and drops a report right after", async () => {
    const { groupId, owner, members } = await newGroup(context.server);
    const member = members[0]!;
    const conversationId = (await conversationOf(owner.client, groupId)).id;
    const typingOfOwner = messagingEvent(`conversation.typing:${conversationId}:${owner.id}`);
    const anyTypingHere = (message: Record<string, unknown>) =>
      typeof message.event === "string" && message.event.startsWith(`conversation.typing:${conversationId}:`);
    const [memberLive, ownerLive, outsiderLive] = [
      await live(member.client),
      await live(owner.client),
      await live(outsider.client),
    ];

    expect((await typing(owner.client, conversationId)).status).toBe(204);
    // Reported again at once, as a client on every keystroke would: answered, and dropped.
    expect((await typing(owner.client, conversationId)).status).toBe(204);
    expect(await memberLive.waitFor(typingOfOwner)).toMatchObject({ type: "module.event", groupId });

    // The owner's message is a fence for both members' sockets.
    await sent(owner.client, conversationId, { body: "Typed it" });
    await memberLive.waitFor(messagingEvent(`conversation.changed:${conversationId}`));
    await ownerLive.waitFor(messagingEvent(`conversation.changed:${conversationId}`));
    expect(countIn(memberLive.inbox, typingOfOwner)).toBe(1);
    expect(countIn(ownerLive.inbox, anyTypingHere)).toBe(0);
    await fence(outsider, outsiderLive);
    expect(countIn(outsiderLive.inbox, anyTypingHere)).toBe(0);

    // An outsider cannot report typing in the conversation.
    expect((await typing(outsider.client, conversationId)).status).toBe(404);
  });

  it("passes a member's next report on once the interval is over", async () => {
    const { groupId, owner, members } = await newGroup(context.server);
    const member = members[0]!;
    const conversationId = (await conversationOf(owner.client, groupId)).id;
    const typingOfMember = messagingEvent(`conversation.typing:${conversationId}:${member.id}`);
    const ownerLive = await live(owner.client);
    expect((await typing(member.client, conversationId)).status).toBe(204);
    await ownerLive.waitFor(typingOfMember);
    // A client reports at most once per interval; the next one after it is let through.
    await sleep(TYPING_REPORT_INTERVAL_MS);
    expect((await typing(member.client, conversationId)).status).toBe(204);
    await waitForCount(ownerLive, typingOfMember, 2);
  });

  it("cuts a removed member's stream of the conversation at once, while the others' goes on", async () => {
    const { groupId, owner, members } = await newGroup(context.server, 2);
    const [leaving, staying] = members as [Person, Person];
    const conversationId = (await conversationOf(owner.client, groupId)).id;
    const changed = messagingEvent(`conversation.changed:${conversationId}`);
    const anyAboutIt = (message: Record<string, unknown>) =>
      typeof message.event === "string" && message.event.includes(conversationId);
    const [leavingLive, stayingLive] = [await live(leaving.client), await live(staying.client)];

    // Both hear of the conversation while both are members.
    await sent(owner.client, conversationId, { body: "Welcome" });
    await leavingLive.waitFor(changed);
    await stayingLive.waitFor(changed);

    const removed = await owner.client.request(`/api/groups/${groupId}/members/${leaving.id}`, { method: "DELETE" });
    expect(removed.status, await removed.clone().text()).toBe(204);
    const heardBefore = countIn(leavingLive.inbox, anyAboutIt);

    // The conversation goes on: a message, a typing report, an edit.
    const after = await sent(owner.client, conversationId, { body: "Now that they are gone" });
    expect((await typing(owner.client, conversationId)).status).toBe(204);
    const edited = await owner.client.request(`/api/conversations/${conversationId}/messages/${after.id}`, {
      method: "PATCH",
      json: { body: "Now that they have left" },
    });
    expect(edited.status).toBe(200);
    // Welcome, then the message, the typing report and the edit: four events about it.
    await stayingLive.waitFor(messagingEvent(`conversation.typing:${conversationId}:${owner.id}`));
    await waitForCount(stayingLive, anyAboutIt, 4);
    expect(countIn(stayingLive.inbox, changed)).toBe(2);

    await fence(leaving, leavingLive);
    expect(countIn(leavingLive.inbox, anyAboutIt)).toBe(heardBefore);

    // Their own writes are refused, with the reason, and change nothing for the others.
    const refused = await send(leaving.client, conversationId, { body: "Wait, I'm still here" });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { message: MESSAGING_MESSAGES.noAccess } });
    expect((await typing(leaving.client, conversationId)).status).toBe(404);
    await fence(staying, stayingLive);
    expect(countIn(stayingLive.inbox, anyAboutIt)).toBe(4);
  });
});
