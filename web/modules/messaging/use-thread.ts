import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Conversation } from "../../../domain/messaging";
import { markRead, messagingKeys } from "./api";
import { followQueuedSends } from "./send";
import { invalidateConversations, loadWindow } from "./sync";
import { merge, newestSeq, type PendingMessage, stillPending, type ThreadWindow } from "./thread-cache";

/**
 * A conversation's messages and this device's unsent ones; what it shows is read (the marker
 * moves to the newest message shown, while the page is visible).
 */
export function useThread(conversation: Conversation) {
  const client = useQueryClient();
  const key = messagingKeys.messages(conversation.id);
  const window = useQuery({
    queryKey: key,
    queryFn: async () => {
      const fresh = await loadWindow(conversation.id, client.getQueryData<ThreadWindow>(key));
      // A message added while it loaded (a send's answer) is newer than what it loaded: it stays.
      const meanwhile = client.getQueryData<ThreadWindow>(key)?.messages ?? [];
      const newest = fresh.messages.at(-1)?.seq ?? 0;
      return merge(fresh, { messages: meanwhile.filter((message) => message.seq > newest), lastSeq: fresh.lastSeq });
    },
    // Live events and the reconnect's reload keep it current; a focus or a remount need not reload it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const pendingKey = messagingKeys.pending(conversation.id);
  const pending = useQuery({
    queryKey: pendingKey,
    queryFn: () => client.getQueryData<PendingMessage[]>(pendingKey) ?? [],
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => followQueuedSends(client), [client]);

  const newest = window.data ? newestSeq(window.data) : 0;
  useEffect(() => {
    if (newest <= conversation.lastReadSeq) return;
    const mark = () => {
      if (document.visibilityState !== "visible") return;
      void markRead(conversation.id, newest)
        .then(() => invalidateConversations(client))
        .catch(() => undefined);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [newest, conversation.id, conversation.lastReadSeq, client]);

  return {
    window,
    pending: window.data ? stillPending(pending.data, window.data) : pending.data,
  };
}
