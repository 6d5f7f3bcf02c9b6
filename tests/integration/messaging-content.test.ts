import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import {
  type Message,
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGING_MESSAGES,
  type SearchResults,
} from "../../domain/messaging.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import {
  allMessagesOf,
  conversationOf,
  dataUrl,
  messagesOf,
  newClientId,
  newGroup,
  type Person,
  send,
  sent,
  solidImage,
  useMessagingServer,
} from "../helpers/messaging.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi } from "../helpers/tasks.js";

const HEIC_FIXTURE = path.join(import.meta.dirname, "../fixtures/images/red-64x48.heic");

/**
 * What a message carries beyond text, over HTTP on both databases: images (decoded and encoded
 * again by the server), search over a group's conversations, and reading history page by page.
 */
describeEachDialect("messaging content", (_dialect, createDatabase) => {
  const context = useMessagingServer(createDatabase);
  let outsider: HttpClient;

  beforeAll(async () => {
    ({ client: outsider } = await signUp(context.server.baseUrl, "Eve Outsider"));
  });

  /** The image route's answer and what sharp reads in its bytes. */
  async function served(client: HttpClient, message: Message) {
    const response = await client.request(`/api/conversations/${message.conversationId}/messages/${message.id}/image`);
    expect(response.status, await response.clone().text()).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const image = sharp(bytes);
    return { response, bytes, metadata: await image.metadata(), stats: await image.stats() };
  }

  /** A group of two with its conversation, for a test of its own. */
  async function twoInAGroup() {
    const { groupId, name, owner, members } = await newGroup(context.server);
    const member: Person = members[0]!;
    return { groupId, name, owner, member, conversationId: (await conversationOf(owner.client, groupId)).id };
  }

  it("takes a JPEG with camera and GPS metadata, upright, and serves a WebP without any of it", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    // 80×60 as stored, shown turned a quarter (orientation 6) as a phone's portrait photo is.
    const jpeg = await solidImage(80, 60, { r: 0, g: 0, b: 255 })
      .withExif({
        IFD0: { Make: "TandemCam", Model: "Spy 3000" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 2940/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 17/1 4020/100",
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    // The input really carries what must not come out.
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.toString("latin1")).toContain("TandemCam");
    expect(input.orientation).toBe(6);

    const message = await sent(owner.client, conversationId, {
      body: "The view",
      image: dataUrl("image/jpeg", jpeg),
    });
    expect(message.image).toEqual({ width: 60, height: 80 });

    const { response, bytes, metadata, stats } = await served(member.client, message);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(metadata).toMatchObject({ format: "webp", width: 60, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Neither an EXIF chunk nor the camera's name anywhere in the file.
    expect(bytes.includes("EXIF")).toBe(false);
    expect(bytes.includes("TandemCam")).toBe(false);
    // Still the blue the sender took.
    const [red, green, blue] = stats.channels.map((channel) => channel.mean);
    expect([red! < 30, green! < 30, blue! > 225]).toEqual([true, true, true]);
    // The reader sees the same size in the conversation.
    const [listed] = (await messagesOf(member.client, conversationId)).messages;
    expect(listed).toMatchObject({ id: message.id, body: "The view", image: { width: 60, height: 80 } });
  });

  it("takes a PNG, at most 2048 px on its long side", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    const png = await solidImage(3000, 1500, { r: 0, g: 160, b: 0 }).png().toBuffer();
    const message = await sent(owner.client, conversationId, { body: "Wide", image: dataUrl("image/png", png) });
    expect(message.image).toEqual({ width: 2048, height: 1024 });
    const { response, metadata } = await served(member.client, message);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(metadata).toMatchObject({ format: "webp", width: 2048, height: 1024 });
  });

  it("takes a phone's HEIC photo and serves it as WebP, its pixels intact", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    const heic = fs.readFileSync(HEIC_FIXTURE);
    const message = await sent(owner.client, conversationId, {
      body: "From my phone",
      image: dataUrl("image/heic", heic),
    });
    expect(message.image).toEqual({ width: 64, height: 48 });
    const { response, metadata, stats } = await served(member.client, message);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(metadata).toMatchObject({ format: "webp", width: 64, height: 48 });
    const [red, green, blue] = stats.channels.map((channel) => channel.mean);
    // The fixture's red as libheif decodes it (200, 40, 40), give or take WebP's rounding.
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
  });

  it("refuses what is not an accepted image (415) and one over 10 MB (413), and saves nothing", async () => {
    const { owner, conversationId } = await twoInAGroup();
    const expectRefused = async (image: string, status: number, message: string) => {
      const response = await send(owner.client, conversationId, { body: "Look", image });
      expect(response.status, await response.clone().text()).toBe(status);
      expect(await response.json()).toEqual({ error: { code: expect.any(String), message } });
    };
    // Text that calls itself a PNG.
    await expectRefused(dataUrl("image/png", Buffer.from("just some text, not a picture\n")), 415, "Invalid file type");
    // A real PNG under a type that is not an image's.
    const png = await solidImage(10, 10, { r: 1, g: 2, b: 3 }).png().toBuffer();
    await expectRefused(dataUrl("text/plain", png), 415, "Invalid file type");
    await expectRefused(dataUrl("application/pdf", png), 415, "Invalid file type");
    // A real image of a type not taken (GIF), labelled as one that is.
    const gif = await solidImage(10, 10, { r: 1, g: 2, b: 3 }).gif().toBuffer();
    await expectRefused(dataUrl("image/png", gif), 415, "Invalid file type");
    // Not a data URL at all.
    await expectRefused("https://example.org/cat.jpg", 415, "Invalid file type");

    // One byte over 10 MB: a real JPEG, padded.
    const jpeg = await solidImage(16, 16, { r: 9, g: 9, b: 9 }).jpeg().toBuffer();
    const justOver = Buffer.concat([jpeg, Buffer.alloc(MESSAGE_IMAGE_MAX_BYTES + 1 - jpeg.length)]);
    await expectRefused(dataUrl("image/jpeg", justOver), 413, MESSAGING_MESSAGES.fileTooLarge);
    // A 12 MB photo: its data URL is past the request's own size limit, and still "File too large".
    const twelve = Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024 - jpeg.length)]);
    await expectRefused(dataUrl("image/jpeg", twelve), 413, MESSAGING_MESSAGES.fileTooLarge);

    expect((await messagesOf(owner.client, conversationId)).lastSeq).toBe(0);
  });

  it("sends an image with no text, refuses neither text nor image, and makes one message of a retried image", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    const jpeg = await solidImage(20, 10, { r: 200, g: 100, b: 0 }).jpeg().toBuffer();
    const image = dataUrl("image/jpeg", jpeg);

    const imageOnly = await sent(owner.client, conversationId, { body: "", image });
    expect(imageOnly).toMatchObject({ seq: 1, body: "", image: { width: 20, height: 10 } });
    const noBodyAtAll = await sent(owner.client, conversationId, { image });
    expect(noBodyAtAll).toMatchObject({ seq: 2, body: "", image: { width: 20, height: 10 } });

    for (const nothing of [{ body: "" }, { body: "   " }, {}]) {
      const response = await send(owner.client, conversationId, nothing);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining(MESSAGING_MESSAGES.empty) },
      });
    }

    // A send whose answer was lost, sent again as is: one message, the same one.
    const clientId = newClientId();
    const first = await send(member.client, conversationId, { body: "", image, clientId });
    expect(first.status).toBe(201);
    const again = await send(member.client, conversationId, { body: "", image, clientId });
    expect(again.status).toBe(200);
    const [made, answered] = [(await first.json()) as Message, (await again.json()) as Message];
    expect(answered).toEqual(made);
    const all = await allMessagesOf(owner.client, conversationId);
    expect(all.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(all.filter((message) => message.clientId === clientId)).toHaveLength(1);
    await served(owner.client, made);
  });

  it("keeps a message's image from anyone outside the group, and from everyone once the message is deleted", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    const png = await solidImage(12, 12, { r: 50, g: 50, b: 50 }).png().toBuffer();
    const message = await sent(member.client, conversationId, { body: "Receipt", image: dataUrl("image/png", png) });
    const imagePath = `/api/conversations/${conversationId}/messages/${message.id}/image`;
    await served(owner.client, message);

    const outside = await outsider.request(imagePath);
    expect(outside.status).toBe(404);
    expect(outside.headers.get("content-type")).toMatch(/^application\/json/);

    // A text message has no image to serve.
    const text = await sent(owner.client, conversationId, { body: "No picture" });
    expect((await owner.client.request(`/api/conversations/${conversationId}/messages/${text.id}/image`)).status).toBe(
      404,
    );

    const deleted = await owner.client.request(`/api/conversations/${conversationId}/messages/${message.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Message).image).toBeNull();
    for (const client of [owner.client, member.client]) expect((await client.request(imagePath)).status).toBe(404);
    const [tombstone] = (await messagesOf(owner.client, conversationId)).messages;
    expect(tombstone).toMatchObject({ id: message.id, body: null, image: null });
  });

  /** The group's search for `q` as `client` asks it. */
  const search = (client: HttpClient, groupId: string, q: string) =>
    client.request(`/api/groups/${groupId}/messages/search?q=${encodeURIComponent(q)}`);

  async function found(client: HttpClient, groupId: string, q: string): Promise<SearchResults["results"]> {
    const response = await search(client, groupId, q);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as SearchResults).results;
  }

  it("searches the group's conversation and its tasks' threads, whatever the case, and nothing of another group", async () => {
    const { groupId, name, owner, member, conversationId } = await twoInAGroup();
    const task = await addTaskOverApi(owner.client, groupId, "Weekly shop");
    const thread = (await (await owner.client.request(`/api/tasks/${task.id}/conversation`)).json()) as {
      id: string;
    };
    const inGroup = await sent(owner.client, conversationId, { body: "Buy OAT milk on the way" });
    await sent(member.client, conversationId, { body: "Bread is done" });
    const inThread = await sent(member.client, thread.id, { body: "They were out of oat Milk" });
    // Another group, with the same words.
    const other = await twoInAGroup();
    await sent(other.owner.client, other.conversationId, { body: "oat milk here too" });

    const results = await found(member.client, groupId, "Oat MILK");
    // Newest first.
    expect(results.map((result) => result.message.id)).toEqual([inThread.id, inGroup.id]);
    expect(results[0]).toMatchObject({ conversationId: thread.id, taskId: task.id, conversationTitle: "Weekly shop" });
    expect(results[1]).toMatchObject({ conversationId, taskId: null, conversationTitle: name });
    // The other group's own member finds only theirs.
    expect((await found(other.member.client, other.groupId, "oat milk")).map((result) => result.message.body)).toEqual([
      "oat milk here too",
    ]);
  });

  it("reads % and _ in a search as themselves", async () => {
    const { groupId, owner, conversationId } = await twoInAGroup();
    await sent(owner.client, conversationId, { body: "Save 5% today" });
    await sent(owner.client, conversationId, { body: "Room 512" });
    await sent(owner.client, conversationId, { body: "file_a.txt" });
    await sent(owner.client, conversationId, { body: "fileXa.txt" });
    await sent(owner.client, conversationId, { body: "100 percent" });
    const bodies = async (q: string) => (await found(owner.client, groupId, q)).map((result) => result.message.body);
    expect(await bodies("5%")).toEqual(["Save 5% today"]);
    expect(await bodies("%%")).toEqual([]);
    expect(await bodies("e_a")).toEqual(["file_a.txt"]);
    // A backslash too is only a backslash.
    expect(await bodies("\\%")).toEqual([]);
  });

  it("finds no deleted message, answers 404 outside the group and 400 to a search under 2 characters", async () => {
    const { groupId, owner, conversationId } = await twoInAGroup();
    const gone = await sent(owner.client, conversationId, { body: "secret plan, delete me" });
    await sent(owner.client, conversationId, { body: "the public plan" });
    const deleted = await owner.client.request(`/api/conversations/${conversationId}/messages/${gone.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect((await found(owner.client, groupId, "plan")).map((result) => result.message.body)).toEqual([
      "the public plan",
    ]);
    expect(await found(owner.client, groupId, "secret")).toEqual([]);

    const outside = await search(outsider, groupId, "plan");
    expect(outside.status).toBe(404);
    for (const q of ["p", " p ", ""]) {
      const tooShort = await search(owner.client, groupId, q);
      expect(tooShort.status, q).toBe(400);
    }
  });

  it("pages back through history: the newest first page, then the one before it, each oldest first", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    for (let index = 1; index <= 12; index += 1) await sent(owner.client, conversationId, { body: `note ${index}` });
    const { lastSeq } = await messagesOf(member.client, conversationId, "after=0&limit=1");
    expect(lastSeq).toBe(12);
    const newest = await messagesOf(member.client, conversationId, `before=${lastSeq + 1}&limit=5`);
    expect(newest.messages.map((message) => [message.seq, message.body])).toEqual(
      [8, 9, 10, 11, 12].map((seq) => [seq, `note ${seq}`]),
    );
    expect(newest.lastSeq).toBe(12);
    const older = await messagesOf(member.client, conversationId, `before=${newest.messages[0]!.seq}&limit=5`);
    expect(older.messages.map((message) => message.seq)).toEqual([3, 4, 5, 6, 7]);
    const oldest = await messagesOf(member.client, conversationId, `before=3&limit=5`);
    expect(oldest.messages.map((message) => message.seq)).toEqual([1, 2]);
  });

  it("gives a reader back from a lost connection exactly the 20 messages it missed, in order", async () => {
    const { owner, member, conversationId } = await twoInAGroup();
    for (let index = 1; index <= 3; index += 1) await sent(owner.client, conversationId, { body: `before ${index}` });
    const had = await allMessagesOf(member.client, conversationId);
    const lastHad = had.at(-1)!.seq;
    expect(lastHad).toBe(3);
    // While the reader is away, both members write twenty messages.
    const missed: Message[] = [];
    for (let index = 1; index <= 20; index += 1) {
      const author = index % 2 === 0 ? owner : member;
      missed.push(await sent(author.client, conversationId, { body: `missed ${index}` }));
    }
    const caughtUp = await messagesOf(member.client, conversationId, `after=${lastHad}`);
    expect(caughtUp.messages.map((message) => message.seq)).toEqual(
      Array.from({ length: 20 }, (_, index) => lastHad + 1 + index),
    );
    expect(caughtUp.messages.map((message) => message.id)).toEqual(missed.map((message) => message.id));
    expect(caughtUp.lastSeq).toBe(lastHad + 20);
  });
});
