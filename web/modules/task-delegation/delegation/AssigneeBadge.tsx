import { HandHeart } from "lucide-react";
import type { Task } from "../../../../domain/tasks";
import { useGroups } from "../../../hooks/use-groups";
import { useMe } from "../../../hooks/use-me";
import { useGroupAssignments } from "./api";
import { Initials } from "./Initials";

/**
 * Who has the task, on its rows and in its editor's header: their initials and name ("You" for
 * yourself), or "Open" while it waits for a volunteer. One query per group serves every row.
 */
export default function AssigneeBadge({ task }: { task: Task }) {
  const me = useMe();
  const { groups } = useGroups();
  // A task shared in from a group the user is not in: its assignments are that group's business.
  const member = groups.some((group) => group.id === task.groupId);
  const { data } = useGroupAssignments(member ? task.groupId : "");
  const assignee = data?.assignees[task.id];
  if (assignee) {
    const name = assignee.userId === me?.id ? "You" : assignee.name;
    return (
      <span
        className="inline-flex max-w-36 items-center gap-1 font-medium text-ink"
        title={`Assigned to ${assignee.userId === me?.id ? "you" : assignee.name}`}
        data-testid="assignee-badge"
      >
        <Initials name={assignee.name} />
        <span className="sr-only">Assigned to </span>
        <span className="truncate">{name}</span>
      </span>
    );
  }
  if (data?.openTaskIds.includes(task.id) && !task.completed)
    return (
      <span
        className="inline-flex items-center gap-1 text-brand"
        title="Open for volunteers: anyone in the group can claim it"
      >
        <HandHeart aria-hidden="true" className="size-3.5" />
        Open
      </span>
    );
  return null;
}
