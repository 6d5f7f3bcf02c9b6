import { UserRound, Users } from "lucide-react";
import { useId } from "react";
import type { AssignedTask, AssignmentOverview, Person, RotationMode } from "../../../../domain/delegation";
import { useGroups } from "../../../hooks/use-groups";
import { useMe } from "../../../hooks/use-me";
import { useOnline } from "../../../offline/use-offline";
import { decisionPaths, useAssignmentOverview, useDecision } from "./api";
import { Initials } from "./Initials";
import { AloneNote, ListSection, OfflineNote, PageFrame, PageHeader, Pending, TaskTitle } from "./PageParts";

const selectClass =
  "block w-full rounded-lg border border-line bg-canvas px-2 py-1.5 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus disabled:opacity-60 sm:w-44";

type OwnedGroup = AssignmentOverview["ownedGroups"][number];

/**
 * /task-assignment: "Assigned to me" across all groups, and for each shared group the user owns,
 * who has what, with assign and rotation controls per task.
 */
export default function AssignmentPage() {
  const query = useAssignmentOverview();
  const { groups } = useGroups();
  const me = useMe();
  const mineId = useId();
  const shared = groups.some((group) => group.members.length > 1);
  return (
    <PageFrame>
      <PageHeader title="Assignment">
        One person per task, so everyone knows whose it is. Group owners assign anyone; members take tasks themselves.
      </PageHeader>
      <OfflineNote />
      {!query.data ? (
        <Pending query={query} what="your assignments" />
      ) : (
        <>
          <ListSection
            id={mineId}
            title="Assigned to me"
            count={query.data.assignedToMe.length}
            icon={UserRound}
            empty="Nothing is assigned to you. Take a task from its page: “Take it”."
          >
            {query.data.assignedToMe.map((task) => (
              <li key={task.taskId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <TaskTitle {...task} />
                {task.assignee && task.assignee.assignedBy !== me?.id && (
                  <span className="text-xs text-ink-muted">{HOW_LABELS[task.assignee.how]}</span>
                )}
              </li>
            ))}
          </ListSection>
          {query.data.ownedGroups.map((group) => (
            <GroupBoard key={group.groupId} group={group} />
          ))}
          {!shared && groups.length > 0 && (
            <AloneNote>
              In your personal group every task is yours. To share chores fairly, make a family or team group and invite
              them.
            </AloneNote>
          )}
        </>
      )}
    </PageFrame>
  );
}

const HOW_LABELS = {
  assignment: "Assigned",
  delegation: "Delegated",
  volunteer: "Volunteered",
  rotation: "Your turn",
} as const;

/** One owned group: how many open tasks each member has, and a row per task to change who. */
function GroupBoard({ group }: { group: OwnedGroup }) {
  const headingId = useId();
  const me = useMe();
  const counts = new Map<string, number>();
  for (const task of group.tasks)
    if (task.assignee) counts.set(task.assignee.userId, (counts.get(task.assignee.userId) ?? 0) + 1);
  const unassigned = group.tasks.filter((task) => !task.assignee).length;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Users aria-hidden="true" className="size-5 text-ink-muted" />
        Who has what in {group.groupName}
      </h2>
      <ul className="flex flex-wrap gap-2" aria-label={`Open tasks per member of ${group.groupName}`}>
        {group.members.map((member) => (
          <li
            key={member.userId}
            className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-2.5 py-1 text-sm"
          >
            <Initials name={member.name} />
            {member.userId === me?.id ? "You" : member.name}: <strong>{counts.get(member.userId) ?? 0}</strong>
          </li>
        ))}
        <li className="inline-flex items-center rounded-full border border-dashed border-line px-2.5 py-1 text-sm text-ink-muted">
          Nobody: <strong className="ml-1">{unassigned}</strong>
        </li>
      </ul>
      {!group.settings.assignment ? (
        <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink-muted">
          Assignment is switched off for this group (Delegation settings).
        </p>
      ) : group.tasks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-5 text-center text-sm text-ink-muted">
          No open tasks in this group.
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
          {group.tasks.map((task) => (
            <BoardRow key={task.taskId} task={task} members={group.members} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BoardRow({ task, members }: { task: AssignedTask; members: Person[] }) {
  const online = useOnline();
  const me = useMe();
  const { busy, send } = useDecision();
  const assignId = useId();
  const rotateId = useId();
  const disabled = busy || !online;
  const everyone = members.map((member) => member.userId);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <TaskTitle {...task} />
      <div className="flex gap-2">
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor={assignId} className="sr-only">
            Who does “{task.title}”
          </label>
          <select
            id={assignId}
            className={selectClass}
            disabled={disabled}
            value={task.assignee?.userId ?? ""}
            onChange={(event) => {
              const userId = event.target.value;
              const name = members.find((member) => member.userId === userId)?.name ?? "";
              void (userId
                ? send(decisionPaths.assignee(task.taskId), "PUT", { userId }, `Assigned to ${name}`)
                : send(decisionPaths.assignee(task.taskId), "DELETE", undefined, "Unassigned"));
            }}
          >
            <option value="">Nobody</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.userId === me?.id ? `${member.name} (you)` : member.name}
              </option>
            ))}
          </select>
        </div>
        {task.repeats && (
          <div className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor={rotateId} className="sr-only">
              Rotation of “{task.title}”
            </label>
            <select
              id={rotateId}
              className={selectClass}
              disabled={disabled}
              value={task.rotation?.mode ?? ""}
              onChange={(event) => {
                const mode = event.target.value as RotationMode | "";
                void (mode
                  ? send(
                      decisionPaths.rotation(task.taskId),
                      "PUT",
                      { mode, memberIds: task.rotation?.memberIds ?? everyone },
                      mode === "turns" ? "Everyone takes turns" : "Goes to whoever did least",
                    )
                  : send(decisionPaths.rotation(task.taskId), "DELETE", undefined, "Rotation stopped"));
              }}
            >
              <option value="">No rotation</option>
              <option value="turns">Take turns</option>
              <option value="least-done">Least done this week</option>
            </select>
          </div>
        )}
      </div>
    </li>
  );
}
