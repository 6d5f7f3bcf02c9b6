import type { Message, Messages } from "../../../domain/messaging";

/**
 * What a device holds of a conversation: a window of its messages, oldest first and without
 * gaps (from `messages[0].seq` to the newest it has), and the messages it is still sending.
 * Pure functions, so the rules are tested without a browser (thread-cache.test.ts).
 */
export interface ThreadWindow {
  messages: Message[];
  /** The conversation's newest number as the server last said. */
  lastSeq: number;
  /** Whether messages older than the window exist (it does not start at 1). */
  hasOlder: boolean;
}

/** A message sent from this device that the server has not answered yet (or refused). */
export interface PendingMessage {
  /** The queued operation that sends it. */
  operationId: string;
  conversationId: string;
  clientId: string;
  body: string;
  replyToId: string | null;
  mentions: string[];
  /** A data URL of the attached photo, shown while it is sent. */
  image: string | null;
  createdAt: string;
  /** Why the server refused it; null while it waits to be sent. */
  refused: string | null;
}

export const emptyWindow = (): ThreadWindow => ({ messages: [], lastSeq: 0, hasOlder: false });

/** The window with `incoming` merged in by number: a newer copy of a message replaces the older one. */
export function merge(window: ThreadWindow, incoming: Messages): ThreadWindow {
  const bySeq = new Map(window.messages.map((message) => [message.seq, message]));
  for (const message of incoming.messages) bySeq.set(message.seq, message);
  const messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return {
    messages,
    lastSeq: Math.max(window.lastSeq, incoming.lastSeq, messages.at(-1)?.seq ?? 0),
    hasOlder: (messages[0]?.seq ?? 1) > 1,
  };
}

/** Replaces one message (edited, deleted) if the window has it. */
export function replaceMessage(window: ThreadWindow, message: Message): ThreadWindow {
  if (!window.messages.some((m) => m.id === message.id)) return window;
  return { ...window, messages: window.messages.map((m) => (m.id === message.id ? message : m)) };
}

/**
 * The number after which to ask for what this device missed: the newest it has with none missing
 * before it. Its own message sent a moment ago may have come before another member's that was
 * numbered first: asking after its own number would skip that one for good.
 */
export function newestSeq(window: ThreadWindow): number {
  const { messages } = window;
  for (let index = 1; index < messages.length; index += 1) {
    if (messages[index]!.seq !== messages[index - 1]!.seq + 1) return messages[index - 1]!.seq;
  }
  return messages.at(-1)?.seq ?? 0;
}

/** Pending messages the server's messages do not yet contain (matched by client id). */
export function stillPending(pending: readonly PendingMessage[], window: ThreadWindow): PendingMessage[] {
  const sent = new Set(window.messages.map((message) => message.clientId));
  return pending.filter((entry) => !sent.has(entry.clientId));
}

/**
 * The members a text mentions: those picked while writing whose "@Name" is still in it, so
 * deleting the name takes the mention back.
 */
export function mentionsIn(text: string, picked: ReadonlyMap<string, string>): string[] {
  return [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([userId]) => userId);
}

/**
 * The "@word" being typed just before the caret, if any: what the member list filters on. It
 * starts a word (at the start or after a space) and holds no space.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** A message's text without markdown's marks, for a one-line quote of it ("**seven**" → "seven"). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_~`#>|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
