import type { QueryClient } from "@tanstack/react-query";
import { getMessage, getMessagesAfter, getMessagesBefore, messagingKeys, PAGE_SIZE } from "./api";
import { emptyWindow, merge, newestSeq, replaceMessage, type ThreadWindow } from "./thread-cache";
import { stopTyping } from "./typing";

/*
 * Keeping a device's copy of a conversation current: on a first look, on a live event, after a
 * reconnect (docs/messaging.md, "Order and retries").
 */

/** Asks for everything after `after` (200 at a time) until the device has the newest message. */
async function fetchFrom(conversationId: string, after: number, into: ThreadWindow): Promise<ThreadWindow> {
  let window = into;
  let from = after;
  for (;;) {
    const page = await getMessagesAfter(conversationId, from);
    window = merge(window, page);
    if (page.messages.length === 0 || newestSeq(window) >= page.lastSeq) return window;
    from = newestSeq(window);
  }
}

/**
 * The window as the server has it now: the latest page on a first look, otherwise every message
 * from the oldest the device shows (so edits and deletions made while it was away show too).
 */
export async function loadWindow(conversationId: string, old: ThreadWindow | undefined): Promise<ThreadWindow> {
  const oldest = old?.messages[0]?.seq;
  if (oldest === undefined)
    return merge(emptyWindow(), await getMessagesBefore(conversationId, Number.MAX_SAFE_INTEGER));
  return fetchFrom(conversationId, oldest - 1, emptyWindow());
}

/** Conversations being caught up, and whether news came meanwhile (one more ask then, not one each). */
const catchingUp = new Map<string, { again: boolean }>();

/**
 * New messages came (a live event, or a send numbered past the thread): asks for exactly those
 * after the newest the device has with none missing before it, and merges only them into the
 * thread as it is then, so an edit or deletion that landed meanwhile stays.
 */
export async function catchUp(client: QueryClient, conversationId: string): Promise<void> {
  const running = catchingUp.get(conversationId);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: true };
  catchingUp.set(conversationId, state);
  const key = messagingKeys.messages(conversationId);
  try {
    while (state.again) {
      state.again = false;
      const window = client.getQueryData<ThreadWindow>(key);
      if (!window) return;
      const from = newestSeq(window);
      const fresh = await fetchFrom(conversationId, from, emptyWindow());
      client.setQueryData<ThreadWindow>(key, (current) => merge(current ?? window, fresh));
      for (const message of fresh.messages) {
        if (message.seq > from && message.authorId) stopTyping(conversationId, message.authorId);
      }
    }
  } catch {
    // The next event or the reconnect's reload asks again.
  } finally {
    catchingUp.delete(conversationId);
  }
}

/** A message was edited or deleted (a live event): the device asks for that one. */
export async function refreshMessage(client: QueryClient, conversationId: string, messageId: string): Promise<void> {
  const key = messagingKeys.messages(conversationId);
  if (!client.getQueryData(key)) return;
  const message = await getMessage(conversationId, messageId).catch(() => null);
  if (message) client.setQueryData<ThreadWindow>(key, (old) => (old ? replaceMessage(old, message) : old));
}

/** The conversations' unread counts and read receipts, not their messages. */
export function invalidateConversations(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === messagingKeys.all[0] && query.queryKey[1] !== "messages" && query.queryKey[1] !== "pending",
  });
}

/** One step further back in the conversation's history. */
export async function loadOlder(client: QueryClient, conversationId: string): Promise<void> {
  const key = messagingKeys.messages(conversationId);
  const oldest = client.getQueryData<ThreadWindow>(key)?.messages[0]?.seq;
  if (oldest === undefined || oldest <= 1) return;
  const older = await getMessagesBefore(conversationId, oldest, PAGE_SIZE);
  client.setQueryData<ThreadWindow>(key, (old) => merge(old ?? emptyWindow(), older));
}
