import type { Conversation } from "../../../domain/messaging";
import type { Group } from "../../../domain/groups";

export interface UnreadTotals {
  /** Every unread message the menu's badge counts. */
  total: number;
  /** The same per group: its own conversation and its tasks' threads. */
  byGroup: ReadonlyMap<string, number>;
}

/**
 * Unread messages in all and per group. A muted conversation ("Nothing") is left out: muting it
 * asks not to be called to it, which a count on the menu would do.
 */
export function unreadTotals(
  conversations: readonly Pick<Conversation, "groupId" | "unread" | "notify">[],
): UnreadTotals {
  const byGroup = new Map<string, number>();
  let total = 0;
  for (const conversation of conversations) {
    if (conversation.notify === "none" || conversation.unread <= 0) continue;
    total += conversation.unread;
    byGroup.set(conversation.groupId, (byGroup.get(conversation.groupId) ?? 0) + conversation.unread);
  }
  return { total, byGroup };
}

/** What a badge says to a screen reader: "1 unread message", "3 unread messages". */
export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? "message" : "messages"}`;
}

/** What a badge shows: the number, up to 99. */
export function badgeNumber(count: number): string {
  return count > 99 ? "99+" : String(count);
}

export interface GroupConversations {
  group: Group;
  /** The group's own conversation; undefined until it has loaded. */
  own: Conversation | undefined;
  /** Its tasks' threads that have messages, by title: a row does not move when a message comes. */
  tasks: Conversation[];
}

/**
 * The conversations /messaging-settings lists: for each of the user's groups, in the groups'
 * order, its own conversation and the threads of its tasks (those GET /api/conversations knows,
 * which are those with messages).
 */
export function conversationsByGroup(
  groups: readonly Group[],
  own: (groupId: string) => Conversation | undefined,
  listed: readonly Conversation[],
): GroupConversations[] {
  return groups.map((group) => ({
    group,
    own: own(group.id),
    tasks: listed
      .filter((conversation) => conversation.groupId === group.id && conversation.taskId !== null)
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id)),
  }));
}
