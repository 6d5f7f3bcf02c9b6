import { useQuery } from "@tanstack/react-query";
import { listConversations, messagingKeys } from "./api";
import { unreadTotals, type UnreadTotals } from "./unread";

const NONE: UnreadTotals = { total: 0, byGroup: new Map() };

/**
 * The unread counts of the user's conversations, from the list the Messages page reads too: the
 * module's live events refetch it when a message comes or is read on another device.
 */
export function useUnread(): UnreadTotals {
  const list = useQuery({
    queryKey: messagingKeys.list,
    queryFn: listConversations,
    select: (data) => unreadTotals(data.conversations),
  });
  return list.data ?? NONE;
}
