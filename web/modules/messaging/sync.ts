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

const catchingUp = new Map<string, Promise<void>>();

/**
 * A new message came (a live event): asks for exactly those after the newest the device has. Events
 * that come while a catch-up runs are answered by one more after it, not one each.
 */
export function catchUp(client: QueryClient, conversationId: string): Promise<void> {
  const running = catchingUp.get(conversationId);
  const next = (running ?? Promise.resolve()).then(async () => {
    const key = messagingKeys.messages(conversationId);
    const window = client.getQueryData<ThreadWindow>(key);
    if (!window) return;
    const before = newestSeq(window);
    const updated = await fetchFrom(conversationId, before, window);
    client.setQueryData<ThreadWindow>(key, (current) => merge(current ?? window, updated));
    for (const message of updated.messages) {
      if (message.seq > before && message.authorId) stopTyping(conversationId, message.authorId);
    }
  });
  const settled = next.catch(() => undefined);
  catchingUp.set(conversationId, settled);
  void settled.then(() => {
    if (catchingUp.get(conversationId) === settled) catchingUp.delete(conversationId);
  });
  return settled;
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
