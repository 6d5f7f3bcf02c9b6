import { useQuery } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Group } from "../../../domain/groups";
import { DataUnavailable } from "../../components/DataUnavailable";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { getGroupConversation, listConversations, messagingKeys } from "./api";
import { MessagingSettingsLink } from "./MessagingSettingsLink";
import { SearchMessages } from "./SearchMessages";
import { Thread } from "./Thread";

/**
 * /isolated-messaging: the user's groups, each with its conversation, and the chosen one's
 * messages. On a phone the list and the conversation take the screen in turn.
 */
export default function MessagingPage() {
  const { current, groups, isError, retry } = useCurrentGroup();
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const chosen = groups?.find((group) => group.id === search.get("group")) ?? current ?? null;
  const list = useQuery({ queryKey: messagingKeys.list, queryFn: listConversations });
  const unreadOf = (group: Group) =>
    list.data?.conversations.find((entry) => entry.groupId === group.id && entry.taskId === null)?.unread ?? 0;
  const conversation = useQuery({
    queryKey: messagingKeys.group(chosen?.id ?? ""),
    queryFn: () => getGroupConversation(chosen!.id),
    enabled: chosen !== null,
  });

  if (isError)
    return <DataUnavailable what="your groups" failure="Failed to load your groups." failed onRetry={retry} />;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <p className="mt-1 text-ink-muted">Each group talks in its own conversation: only its members read it.</p>
        <MessagingSettingsLink className="-ml-2" />
      </div>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Conversations" className={search.get("group") ? "hidden md:block" : ""}>
          <ul className="space-y-1">
            {(groups ?? []).map((group) => {
              const unread = unreadOf(group);
              return (
                <li key={group.id}>
                  <Link
                    to={`?group=${encodeURIComponent(group.id)}`}
                    aria-current={group.id === chosen?.id ? "page" : undefined}
                    onClick={() => setSearch({ group: group.id })}
                    className="flex items-center justify-between gap-2 rounded-lg px-3 py-2 hover:bg-surface-muted aria-[current=page]:bg-surface-muted aria-[current=page]:font-semibold"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <MessagesSquare aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                      <span className="truncate">{group.name}</span>
                    </span>
                    {unread > 0 && (
                      <span className="rounded-full bg-brand px-2 text-xs font-semibold text-brand-ink">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-label={chosen ? `Conversation of ${chosen.name}` : "Conversation"} className="min-w-0">
          {search.get("group") && (
            // On a phone the list gives way to the conversation: this is the way back to it.
            <Link
              to="/isolated-messaging"
              className="mb-3 inline-block text-sm font-medium text-brand underline md:hidden"
            >
              All conversations
            </Link>
          )}
          {!conversation.data && chosen && (
            <DataUnavailable
              what="this conversation"
              failure="Failed to load this conversation."
              failed={conversation.isError}
              onRetry={() => void conversation.refetch()}
            />
          )}
          {chosen && (
            <div className="mb-4">
              <SearchMessages groupId={chosen.id} groupName={chosen.name} />
            </div>
          )}
          {conversation.data && chosen && me && (
            <Thread conversation={conversation.data} meId={me.id} isOwner={chosen.owner_id === me.id} />
          )}
        </section>
      </div>
    </div>
  );
}
