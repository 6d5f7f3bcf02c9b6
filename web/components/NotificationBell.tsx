import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { useUnreadCount } from "../hooks/use-notifications";

/** The header's way to the notification center, with the unread count (kept live by the channel). */
export function NotificationBell() {
  const unread = useUnreadCount();
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative grid size-11 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-ink"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute top-1 right-1 min-w-4 rounded-full bg-brand px-1 text-center text-[0.65rem] leading-4 font-semibold text-brand-ink"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </NavLink>
  );
}
