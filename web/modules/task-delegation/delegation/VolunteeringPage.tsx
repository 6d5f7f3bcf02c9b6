import { HandHeart, UserCheck, UserMinus } from "lucide-react";
import { useId } from "react";
import type { AssignedTask } from "../../../../domain/delegation";
import { buttonClass } from "../../../components/form";
import { useGroups } from "../../../hooks/use-groups";
import { useMe } from "../../../hooks/use-me";
import { useOnline } from "../../../offline/use-offline";
import { decisionPaths, useDecision, useVolunteering } from "./api";
import { Initials } from "./Initials";
import { AloneNote, ListSection, OfflineNote, PageFrame, PageHeader, Pending, TaskTitle } from "./PageParts";

/**
 * /task-volunteering: chores anyone in the group may take. The first claim wins (the server
 * decides); a later one is told who was quicker, and a claim can be given back.
 */
export default function VolunteeringPage() {
  const me = useMe();
  const query = useVolunteering();
  const { groups } = useGroups();
  const shared = groups.some((group) => group.members.length > 1);
  const ids = { open: useId(), mine: useId() };
  const tasks = query.data?.open ?? [];
  const unclaimed = tasks.filter((task) => !task.assignee);
  const mine = tasks.filter((task) => task.assignee?.userId === me?.id);
  const others = tasks.filter((task) => task.assignee && task.assignee.userId !== me?.id);
  return (
    <PageFrame>
      <PageHeader title="Volunteering">
        Tasks marked open wait for someone to claim them. The first to claim gets it; you can give it back.
      </PageHeader>
      <OfflineNote />
      {!shared && groups.length > 0 && (
        <AloneNote>Open tasks are for groups with more than one member: you are the only member of yours.</AloneNote>
      )}
      {!query.data ? (
        <Pending query={query} what="the open tasks" />
      ) : (
        <>
          <ListSection
            id={ids.open}
            title="Up for grabs"
            count={unclaimed.length + others.length}
            icon={HandHeart}
            empty="No open tasks right now. A task’s owner opens one from its page: “Open for volunteers”."
          >
            {[...unclaimed, ...others].map((task) => (
              <OpenTask key={task.taskId} task={task} />
            ))}
          </ListSection>
          <ListSection
            id={ids.mine}
            title="Your claims"
            count={mine.length}
            icon={UserCheck}
            empty="You have not claimed anything yet."
          >
            {mine.map((task) => (
              <OpenTask key={task.taskId} task={task} />
            ))}
          </ListSection>
        </>
      )}
    </PageFrame>
  );
}

function OpenTask({ task }: { task: AssignedTask }) {
  const me = useMe();
  const online = useOnline();
  const { busy, send } = useDecision();
  const holder = task.assignee;
  const disabled = busy || !online;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <TaskTitle {...task} />
      {!holder ? (
        <button
          type="button"
          className={buttonClass.primary}
          disabled={disabled}
          onClick={() => void send(decisionPaths.claim(task.taskId), "POST", undefined, `You claimed “${task.title}”`)}
        >
          <HandHeart aria-hidden="true" className="size-4" />
          Claim<span className="sr-only"> “{task.title}”</span>
        </button>
      ) : holder.userId === me?.id ? (
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={disabled}
          onClick={() => void send(decisionPaths.claim(task.taskId), "DELETE", undefined, "Given back")}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          Unclaim<span className="sr-only"> “{task.title}”</span>
        </button>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-sm text-ink-muted">
          <Initials name={holder.name} size="md" />
          Claimed by {holder.name}
        </span>
      )}
    </li>
  );
}
