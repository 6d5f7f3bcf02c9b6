import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { getNotificationSettings, getUnreadCount, listNotifications, notificationKeys } from "../api/notifications";
import { useMe } from "./use-me";

/** The center, a page at a time (newest first); live events refetch it. */
export function useNotifications() {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    enabled: Boolean(me),
  });
}

/** How many are unread, for the header's bell. */
export function useUnreadCount(): number {
  const me = useMe();
  const query = useQuery({ queryKey: notificationKeys.unread, queryFn: getUnreadCount, enabled: Boolean(me) });
  return query.data?.count ?? 0;
}

export function useNotificationSettings() {
  const me = useMe();
  return useQuery({ queryKey: notificationKeys.settings, queryFn: getNotificationSettings, enabled: Boolean(me) });
}
