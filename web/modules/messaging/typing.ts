import { useSyncExternalStore } from "react";
import { TYPING_SHOWN_MS } from "../../../domain/messaging-timing";

/** Who is typing where: conversation id → member id → when their typing stops showing. */
const typing = new Map<string, Map<string, number>>();
/** Each conversation's typing members as one array, the same until it changes (what React compares). */
const snapshots = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const NOBODY: readonly string[] = [];

function changed(conversationId: string): void {
  const members = typing.get(conversationId);
  snapshots.set(conversationId, members && members.size > 0 ? [...members.keys()] : NOBODY);
  for (const listener of listeners) listener();
}

function expire(conversationId: string): void {
  const members = typing.get(conversationId);
  if (!members) return;
  const now = Date.now();
  for (const [userId, until] of members) if (until <= now) members.delete(userId);
  changed(conversationId);
}

/** A member was reported typing (a live event): shown for a few seconds unless reported again. */
export function noteTyping(conversationId: string, userId: string): void {
  const members = typing.get(conversationId) ?? new Map<string, number>();
  members.set(userId, Date.now() + TYPING_SHOWN_MS);
  typing.set(conversationId, members);
  changed(conversationId);
  setTimeout(() => expire(conversationId), TYPING_SHOWN_MS + 10);
}

/** Their message arrived: they are no longer typing it. */
export function stopTyping(conversationId: string, userId: string): void {
  if (typing.get(conversationId)?.delete(userId)) changed(conversationId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The members typing in a conversation now; re-renders as they start and stop. */
export function useTyping(conversationId: string): readonly string[] {
  return useSyncExternalStore(subscribe, () => snapshots.get(conversationId) ?? NOBODY);
}
