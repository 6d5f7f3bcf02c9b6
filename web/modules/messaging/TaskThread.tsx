import { useQuery } from "@tanstack/react-query";
import type { Task } from "../../../domain/tasks";
import { ApiRequestError } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { useGroups } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useOnline } from "../../offline/use-offline";
import { getTaskConversation, messagingKeys } from "./api";
import { Thread } from "./Thread";

const notFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * Below a task's editor on its page: the task's thread, for the members of its group. A task the
 * user sees only because it is shared with one of their groups has none for them (the server
 * answers 404), so nothing shows; neither is it asked for when the task's group is not theirs.
 */
export default function TaskThread({ task }: { task: Task }) {
  const me = useMe();
  const online = useOnline();
  const group = useGroups().groups.find((entry) => entry.id === task.groupId);
  const query = useQuery({
    queryKey: messagingKeys.task(task.id),
    queryFn: () => getTaskConversation(task.id),
    enabled: group !== undefined,
    retry: (failures, error) => !notFound(error) && failures < 1,
  });

  if (!group || !me || (query.isError && notFound(query.error))) return null;
  // Nothing while it loads; offline, a thread this device never saw waits for the network.
  if (!query.data && (!query.isError || !online)) return null;
  return (
    <section className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      {query.data ? (
        // The page's heading is the task's title already: here the thread is the task's conversation.
        <Thread
          conversation={{ ...query.data, title: "Conversation" }}
          meId={me.id}
          isOwner={group.owner_id === me.id}
        />
      ) : (
        <DataUnavailable
          what="this task's conversation"
          failure="Failed to load this task's conversation."
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      )}
    </section>
  );
}
