import type { Kysely } from "kysely";
import sharp, { type Sharp } from "sharp";
import { afterAll, expect } from "vitest";
import type { Conversation, Message, Messages } from "../../domain/messaging.js";
import type { DB } from "../../server/db/schema.js";
import { createSharedGroup } from "./groups.js";
import type { HttpClient } from "./http-client.js";
import { signUp } from "./sign-in.js";
import type { TestDatabase } from "./databases.js";
import { useServer } from "./server.js";
import type { LiveSocket } from "./sockets.js";
import { createWebFixture } from "./web-fixture.js";

/**
 * `useServer` on a minimal web build of its own (sign-up serves its pages), so these tests need
 * no build of the web app, nor one that stays put while they run. Each test makes a group of new
 * accounts, so a file's sign-ups from 127.0.0.1 outnumber the default limit per address.
 */
export function useMessagingServer(createDatabase: () => Promise<TestDatabase>, env: Record<string, string> = {}) {
  const web = createWebFixture();
  afterAll(() => web.remove());
  return useServer(createDatabase, { WEB_DIST_DIR: web.dir, SIGN_UP_LIMIT: "1000", ...env });
}

/** The group's own conversation as `client` sees it (made on first use). */
export async function conversationOf(client: HttpClient, groupId: string): Promise<Conversation> {
  const response = await client.request(`/api/groups/${groupId}/conversation`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Conversation;
}

let sends = 0;

/** A client id no other send of this worker used. */
export const newClientId = () => `send-${++sends}-${Date.now()}`;

/** Sends as the web app does; the answer is left to the test (201, 200 for a retry, or an error). */
export function send(
  client: HttpClient,
  conversationId: string,
  message: { body?: string; image?: string; mentions?: string[]; clientId?: string },
): Promise<Response> {
  const { clientId = newClientId(), ...rest } = message;
  return client.request(`/api/conversations/${conversationId}/messages`, { json: { clientId, ...rest } });
}

/** Sends and expects it made (201): the message the server made. */
export async function sent(
  client: HttpClient,
  conversationId: string,
  message: Parameters<typeof send>[2],
): Promise<Message> {
  const response = await send(client, conversationId, message);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Message;
}

/** One page of messages (`query` as the route takes it: "after=3", "before=10&limit=5"). */
export async function messagesOf(client: HttpClient, conversationId: string, query = "after=0"): Promise<Messages> {
  const response = await client.request(`/api/conversations/${conversationId}/messages?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Messages;
}

/** Every message after `after`, page after page, as a client catching up asks for them. */
export async function allMessagesOf(client: HttpClient, conversationId: string, after = 0): Promise<Message[]> {
  const all: Message[] = [];
  let last = after;
  for (;;) {
    const page = await messagesOf(client, conversationId, `after=${last}&limit=200`);
    all.push(...page.messages);
    if (page.messages.length === 0) return all;
    last = page.messages.at(-1)!.seq;
  }
}

export interface Person {
  client: HttpClient;
  id: string;
  name: string;
}

let people = 0;

/**
 * A new shared group of new accounts: its owner and `memberCount` members, each with a name of
 * their own so that notification titles and read receipts can be told apart.
 */
export async function newGroup(
  server: { baseUrl: string; database: { db: Kysely<DB> } },
  memberCount = 1,
): Promise<{ groupId: string; name: string; owner: Person; members: Person[] }> {
  people += 1;
  const signUpAs = async (name: string): Promise<Person> => ({ ...(await signUp(server.baseUrl, name)), name });
  const owner = await signUpAs(`Owner ${people}`);
  const members: Person[] = [];
  for (let index = 1; index <= memberCount; index += 1) members.push(await signUpAs(`Member ${people}-${index}`));
  const name = `Group ${people}`;
  const groupId = await createSharedGroup(server.database.db, {
    ownerId: owner.id,
    memberIds: members.map((member) => member.id),
    name,
  });
  return { groupId, name, owner, members };
}

/** A live-socket message filter: the module event `event` of the messaging module. */
export const messagingEvent = (event: string) => (message: Record<string, unknown>) =>
  message.type === "module.event" && message.moduleId === "messaging" && message.event === event;

/** How many of the socket's messages match. */
export const countIn = (inbox: unknown[], matches: (message: Record<string, unknown>) => boolean) =>
  inbox.filter((message) => matches(message as Record<string, unknown>)).length;

/** Waits until `count` of the socket's messages match (so far or still to come). */
export async function waitForCount(
  live: LiveSocket,
  matches: (message: Record<string, unknown>) => boolean,
  count: number,
): Promise<void> {
  await live.waitFor(() => countIn(live.inbox, matches) >= count);
}

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

/** A solid image of the given size and colour, to be written as JPEG or PNG by the caller. */
export function solidImage(width: number, height: number, background: { r: number; g: number; b: number }): Sharp {
  return sharp({ create: { width, height, channels: 3, background } });
}
