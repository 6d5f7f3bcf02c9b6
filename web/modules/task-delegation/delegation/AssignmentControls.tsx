import { ChevronDown, HandHeart, Send, UserCheck, UserMinus, UserRoundPlus, Users } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { DELEGATION_MESSAGES, type Person, type TaskAssignment } from "../../../../domain/delegation";
import type { Task } from "../../../../domain/tasks";
import { buttonClass } from "../../../components/form";
import { TextField } from "../../../components/TextField";
import { useMe } from "../../../hooks/use-me";
import { useOnline } from "../../../offline/use-offline";
import { decisionPaths, useDecision, useTaskAssignment } from "./api";
import { Initials } from "./Initials";
import { rotationSummary } from "./rotation-text";

const linkClass = "font-medium text-brand underline underline-offset-2";

/**
 * In a task's editor: who has it and what the caller may do about it, each one or two clicks
 * away: "Take it", "Assign to…" (the group's owner), "Ask … to take it" (the task's owner), open it
 * for volunteers, claim or give it back. The server says what the caller may do (abilities).
 */
export default function AssignmentControls({ task }: { task: Task }) {
  const query = useTaskAssignment(task.id);
  const headingId = useId();
  const view = query.data;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold">
        <Users aria-hidden="true" className="size-4" />
        Who does it
      </h3>
      {view ? (
        <Controls task={task} view={view} />
      ) : query.isError ? (
        <p className="text-sm text-ink-muted">{DELEGATION_MESSAGES.loadFailed}</p>
      ) : (
        <p className="text-sm text-ink-muted" role="status">
          Loading…
        </p>
      )}
    </section>
  );
}

function Controls({ task, view }: { task: Task; view: TaskAssignment }) {
  const me = useMe();
  const online = useOnline();
  const { busy, send } = useDecision();
  const disabled = busy || !online;
  const { abilities, assignee, pending } = view;
  const others = view.members.filter((member) => member.userId !== me?.id);
  const mine = assignee?.userId === me?.id;

  if (view.members.length < 2)
    return (
      <p className="text-sm text-ink-muted">
        Only you are in this group, so its tasks are yours. To share chores,{" "}
        <Link to="/groups" className={linkClass}>
          invite someone to a group
        </Link>
        .
      </p>
    );

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm" data-testid="assignee-line">
        {assignee ? (
          <>
            <Initials name={assignee.name} size="md" />
            <span>
              Assigned to <strong>{mine ? "you" : assignee.name}</strong>
              {assignee.how === "volunteer" && " (volunteered)"}
              {assignee.how === "rotation" && " (their turn)"}
            </span>
          </>
        ) : (
          <span className="text-ink-muted">
            {view.open ? "Open for volunteers: nobody has claimed it yet." : "Nobody has it yet."}
          </span>
        )}
      </p>
      {pending && (
        <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm" role="status">
          {pending.to.userId === me?.id
            ? `${pending.from.name} asked you to take it.`
            : pending.from.userId === me?.id
              ? `Waiting for ${pending.to.name} to answer your request.`
              : `${pending.from.name} asked ${pending.to.name} to take it.`}{" "}
          <Link to="/task-delegation" className={linkClass}>
            {pending.to.userId === me?.id ? "Answer it" : "See requests"}
          </Link>
        </p>
      )}
      {view.rotation && (
        <p className="text-sm text-ink-muted">{rotationSummary(view.rotation, view.members, me?.id)}</p>
      )}

      <div className="flex flex-wrap gap-2">
        {abilities.claim && (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={disabled}
            onClick={() => void send(decisionPaths.claim(task.id), "POST", undefined, "You claimed it")}
          >
            <HandHeart aria-hidden="true" className="size-4" />
            Claim it
          </button>
        )}
        {abilities.assignSelf && !mine && !abilities.claim && (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={disabled}
            onClick={() => void send(decisionPaths.assignee(task.id), "PUT", { userId: me?.id }, "Assigned to you")}
          >
            <UserCheck aria-hidden="true" className="size-4" />
            Take it
          </button>
        )}
        {abilities.assignOthers && others.length > 0 && (
          <Disclosure
            label="Assign to…"
            icon={<UserRoundPlus aria-hidden="true" className="size-4" />}
            disabled={disabled}
          >
            {(close) => (
              <ul className="space-y-1" aria-label="Members">
                {others.map((member) => (
                  <li key={member.userId}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
                      disabled={disabled || assignee?.userId === member.userId}
                      onClick={() => {
                        close();
                        void send(
                          decisionPaths.assignee(task.id),
                          "PUT",
                          { userId: member.userId },
                          `Assigned to ${member.name}`,
                        );
                      }}
                    >
                      <Initials name={member.name} size="md" />
                      {member.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Disclosure>
        )}
        {abilities.delegate && !pending && (
          <Disclosure
            label="Ask someone to take it"
            icon={<Send aria-hidden="true" className="size-4" />}
            disabled={disabled}
          >
            {(close) => <AskForm task={task} members={others} disabled={disabled} onSent={close} send={send} />}
          </Disclosure>
        )}
        {mine && assignee?.how === "volunteer" ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={disabled}
            onClick={() => void send(decisionPaths.claim(task.id), "DELETE", undefined, "Given back to the volunteers")}
          >
            <UserMinus aria-hidden="true" className="size-4" />
            Unclaim
          </button>
        ) : (
          abilities.unassign && (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={disabled}
              onClick={() => void send(decisionPaths.assignee(task.id), "DELETE", undefined, "Unassigned")}
            >
              <UserMinus aria-hidden="true" className="size-4" />
              Unassign
            </button>
          )
        )}
        {abilities.open && (
          <button
            type="button"
            aria-pressed={view.open}
            className={buttonClass.secondary}
            disabled={disabled}
            onClick={() =>
              void send(
                decisionPaths.open(task.id),
                view.open ? "DELETE" : "PUT",
                undefined,
                view.open ? "Closed for volunteers" : "Open for volunteers",
              )
            }
          >
            <HandHeart aria-hidden="true" className="size-4" />
            {view.open ? "Close for volunteers" : "Open for volunteers"}
          </button>
        )}
      </div>
      {!online && <p className="text-xs text-ink-muted">{DELEGATION_MESSAGES.offline}</p>}
      {abilities.rotate && !view.rotation && (
        <p className="text-xs text-ink-muted">
          A repeating chore can take turns among members:{" "}
          <Link to="/task-assignment" className={linkClass}>
            set up its rotation
          </Link>
          .
        </p>
      )}
    </div>
  );
}

/** A button that shows a small panel below it (a member list, a form); Escape closes it. */
function Disclosure({
  label,
  icon,
  disabled,
  children,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonId = useId();
  // Closing puts the focus back on the button, not on the page's body with the panel gone.
  const close = () => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  };
  return (
    <div className="w-full sm:w-auto">
      <button
        id={buttonId}
        type="button"
        className={buttonClass.secondary}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <div
          id={panelId}
          className="mt-2 rounded-lg border border-line bg-surface p-2 shadow-sm"
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
          }}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}

function AskForm({
  task,
  members,
  disabled,
  onSent,
  send,
}: {
  task: Task;
  members: Person[];
  disabled: boolean;
  onSent: () => void;
  send: (path: string, method: string, body: unknown, success: string) => Promise<boolean>;
}) {
  const [to, setTo] = useState(members[0]?.userId ?? "");
  const [note, setNote] = useState("");
  const selectId = useId();
  const name = members.find((member) => member.userId === to)?.name ?? "";
  return (
    <form
      className="space-y-2 p-1"
      onSubmit={(event) => {
        event.preventDefault();
        void send(decisionPaths.delegations(task.id), "POST", { toUserId: to, note }, `Asked ${name}`).then(
          (sent) => sent && onSent(),
        );
      }}
    >
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium">
          Ask
        </label>
        <select
          id={selectId}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-ink focus:border-brand focus:outline-3 focus:outline-focus"
        >
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Note (optional)"
        value={note}
        onChange={setNote}
        maxLength={500}
        placeholder="By Friday, please"
      />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={disabled || !to}>
        <Send aria-hidden="true" className="size-4" />
        Ask {name || "them"} to take it
      </button>
      <p className="text-xs text-ink-muted">You stay the task’s owner; they can accept or decline with a note.</p>
    </form>
  );
}
