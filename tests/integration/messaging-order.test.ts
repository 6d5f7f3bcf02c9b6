import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import type { Message } from "../../domain/messaging.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { allMessagesOf, conversationOf, messagesOf, send, useMessagingServer } from "../helpers/messaging.js";
import { type RunningServer, useTwoServers } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

const PER_SENDER = 500;
/** Sends each sender has on the way at once: a busy client's queue, not a flood. */
const IN_FLIGHT = 10;

/**
 * Two members sending 500 messages each at the same time, ten at a time each, while a third
 * catches up as it goes: everyone ends with 1…1000, no gap, in one and the same order. On
 * PostgreSQL the senders and the readers use two server processes on one database, as behind a
 * load balancer; SQLite runs as one process, so there both use the one server.
 */
describeEachDialect("message order under concurrent senders", (dialect, createDatabase) => {
  // A thousand sends from one address in a minute are this test's load, not an attack.
  const env = { RATE_LIMIT_MAX: "100000" };
  const servers: { a: RunningServer; b: RunningServer } =
    dialect === "postgres" ? useTwoServers(env) : oneServerAsTwo(useMessagingServer(createDatabase, env));

  function oneServerAsTwo(context: { server: RunningServer }) {
    return {
      get a() {
        return context.server;
      },
      get b() {
        return context.server;
      },
    };
  }

  /** The same browser session, its requests answered by the other process. */
  function onB(client: HttpClient): HttpClient {
    const other = new HttpClient(servers.b.baseUrl);
    other.setCookie("tandem_session", client.cookie("tandem_session")!);
    return other;
  }

  /** Sends `PER_SENDER` messages "<name> <i>", `IN_FLIGHT` at a time; the numbers the answers gave. */
  async function sendAll(client: HttpClient, conversationId: string, name: string): Promise<number[]> {
    let next = 0;
    const seqs: number[] = [];
    const worker = async () => {
      while (next < PER_SENDER) {
        const index = next++;
        const response = await send(client, conversationId, { body: `${name} ${index}` });
        if (response.status !== 201)
          throw new Error(`send ${name} ${index}: ${response.status} ${await response.text()}`);
        seqs.push(((await response.json()) as Message).seq);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return seqs;
  }

  /**
   * A reader that keeps asking for what came after the last message it has, as a client that
   * hears "conversation changed" does, until it has the last one or the senders are done and
   * nothing more comes. A number handed out before an earlier one is visible would be skipped
   * for good: the reader never asks below what it has.
   */
  async function catchUpReader(client: HttpClient, conversationId: string, sendersDone: () => boolean) {
    const got: Message[] = [];
    for (;;) {
      const last = got.at(-1)?.seq ?? 0;
      if (last >= 2 * PER_SENDER) return got;
      const done = sendersDone();
      const page = await messagesOf(client, conversationId, `after=${last}&limit=200`);
      got.push(...page.messages);
      if (page.messages.length === 0) {
        if (done) return got;
        // Polling, not timing anything: the next look waits a moment for new messages.
        await sleep(10);
      }
    }
  }

  it(
    "numbers 2 × 500 concurrent messages 1…1000 with no gap, the same for every reader on either process",
    { timeout: 240_000 },
    async () => {
      const first = await signUp(servers.a.baseUrl, "First Sender");
      const second = await signUp(servers.a.baseUrl, "Second Sender");
      const reader = await signUp(servers.a.baseUrl, "Quiet Reader");
      const groupId = await createSharedGroup(servers.a.database.db, {
        ownerId: first.id,
        memberIds: [second.id, reader.id],
        name: "Busy group",
      });
      const conversationId = (await conversationOf(first.client, groupId)).id;

      let sendersDone = false;
      const readers = [
        catchUpReader(reader.client, conversationId, () => sendersDone),
        catchUpReader(onB(reader.client), conversationId, () => sendersDone),
      ];
      const sending = Promise.all([
        sendAll(first.client, conversationId, "first"),
        sendAll(onB(second.client), conversationId, "second"),
      ]).finally(() => {
        sendersDone = true;
      });
      const [[firstSeqs, secondSeqs], caughtUp] = await Promise.all([sending, Promise.all(readers)]);

      const all = Array.from({ length: 2 * PER_SENDER }, (_, index) => index + 1);
      // The numbers the sends were answered with: each once, together all of them.
      expect([...firstSeqs, ...secondSeqs].sort((x, y) => x - y)).toEqual(all);

      const everyone = [
        ...caughtUp,
        await allMessagesOf(first.client, conversationId),
        await allMessagesOf(onB(second.client), conversationId),
        await allMessagesOf(reader.client, conversationId),
        await allMessagesOf(onB(reader.client), conversationId),
      ];
      const order = everyone[0]!.map((message) => message.id);
      for (const seen of everyone) {
        expect(seen.map((message) => message.seq)).toEqual(all);
        expect(seen.map((message) => message.id)).toEqual(order);
      }
      // Every message of each sender is there once, and each sender's numbers match what they were told.
      const messages = everyone[0]!;
      const bodiesOf = (name: string) =>
        messages
          .filter((message) => message.body!.startsWith(`${name} `))
          .map((message) => Number(message.body!.split(" ")[1]))
          .sort((x, y) => x - y);
      const indexes = Array.from({ length: PER_SENDER }, (_, index) => index);
      expect(bodiesOf("first")).toEqual(indexes);
      expect(bodiesOf("second")).toEqual(indexes);
      expect(messages.filter((message) => message.authorId === first.id).map((message) => message.seq)).toEqual(
        [...firstSeqs].sort((x, y) => x - y),
      );
    },
  );
});
