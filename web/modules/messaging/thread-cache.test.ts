import { describe, expect, it } from "vitest";
import { aMessage } from "../../test-support/message";
import {
  emptyWindow,
  mentionQuery,
  mentionsIn,
  merge,
  newestSeq,
  type PendingMessage,
  plainText,
  replaceMessage,
  stillPending,
} from "./thread-cache";

const message = aMessage;

describe("a device's window of a conversation", () => {
  it("keeps messages in their number's order whatever order they arrive in, each once", () => {
    let window = merge(emptyWindow(), { messages: [message(48), message(49), message(50)], lastSeq: 50 });
    window = merge(window, { messages: [message(52), message(51)], lastSeq: 52 });
    window = merge(window, { messages: [message(51)], lastSeq: 52 });
    expect(window.messages.map((m) => m.seq)).toEqual([48, 49, 50, 51, 52]);
    expect(newestSeq(window)).toBe(52);
    expect(window.hasOlder).toBe(true);
  });

  it("asks after the newest message with none missing before it, not after its own that came early", () => {
    // Up to 10 here; its own send got 12 and answered before the other member's 11 arrived.
    const window = merge(emptyWindow(), { messages: [message(9), message(10), message(12)], lastSeq: 12 });
    expect(newestSeq(window)).toBe(10);
    expect(newestSeq(merge(window, { messages: [message(11)], lastSeq: 12 }))).toBe(12);
  });

  it("puts an edited or deleted copy in place of the message it has, and ignores one it lacks", () => {
    const window = merge(emptyWindow(), { messages: [message(1), message(2)], lastSeq: 2 });
    const edited = replaceMessage(window, message(2, { body: "fixed", editedAt: "2026-11-27T10:01:00.000Z" }));
    expect(edited.messages[1]!.body).toBe("fixed");
    expect(replaceMessage(window, message(9))).toBe(window);
  });

  it("stops showing a pending message once the server's copy (same client id) is in the window", () => {
    const pending = (clientId: string): PendingMessage => ({
      operationId: clientId,
      conversationId: "c1",
      clientId,
      body: "hi",
      replyToId: null,
      mentions: [],
      image: null,
      createdAt: "2026-11-27T10:00:00.000Z",
      refused: null,
    });
    const window = merge(emptyWindow(), { messages: [message(1, { clientId: "sent" })], lastSeq: 1 });
    expect(stillPending([pending("sent"), pending("waiting")], window).map((p) => p.clientId)).toEqual(["waiting"]);
  });
});

describe("mentions while writing", () => {
  it("finds the @word being typed at the caret, at the start or after a space only", () => {
    expect(mentionQuery("Hi @Bo", 6)).toEqual({ start: 3, query: "Bo" });
    expect(mentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionQuery("mail me@home", 12)).toBeNull();
    expect(mentionQuery("Hi @Bob and", 11)).toBeNull();
  });

  it("keeps the mentions whose @Name is still in the text", () => {
    const picked = new Map([
      ["u2", "Bob Member"],
      ["u3", "Cy"],
    ]);
    expect(mentionsIn("Thanks @Bob Member!", picked)).toEqual(["u2"]);
    expect(mentionsIn("Thanks all", picked)).toEqual([]);
  });
});

describe("a quote of a message", () => {
  it("shows its words without markdown's marks", () => {
    expect(plainText("Dinner at **seven**?")).toBe("Dinner at seven?");
    expect(plainText("> see [the list](https://example.org)\n\n- `milk`")).toBe("see the list - milk");
  });
});
