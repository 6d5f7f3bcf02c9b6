import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import type { Group } from "../../../domain/groups";
import { unreadLabel } from "./unread";
import { useUnread } from "./use-unread";

/** On a group's card on /groups: its unread messages (its own conversation and its tasks'), a way to them. */
export default function GroupUnreadBadge({ group }: { group: Group }) {
  const count = useUnread().byGroup.get(group.id) ?? 0;
  if (count === 0) return null;
  return (
    <Link
      to={`/isolated-messaging?group=${encodeURIComponent(group.id)}`}
      className="inline-flex items-center gap-1.5 rounded-full bg-brand px-2.5 py-1 text-xs font-semibold text-brand-ink hover:bg-brand-hover"
    >
      <MessagesSquare aria-hidden="true" className="size-3.5" />
      {unreadLabel(count)}
      <span className="sr-only"> in {group.name}</span>
    </Link>
  );
}
