import { badgeNumber, unreadLabel } from "./unread";
import { useUnread } from "./use-unread";

/** Beside "Messages" in the navigation: how many messages wait, muted conversations aside. */
export default function UnreadMenuBadge({ path }: { path: string }) {
  const { total } = useUnread();
  if (path !== "/isolated-messaging" || total === 0) return null;
  return (
    <span className="inline-block min-w-[1.6em] rounded-full bg-brand px-[0.4em] text-center font-semibold text-brand-ink tabular-nums">
      <span aria-hidden="true">{badgeNumber(total)}</span>
      <span className="sr-only">{unreadLabel(total)}</span>
    </span>
  );
}
