import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Check, CircleCheckBig, Lock, LockOpen, RotateCcw, SearchX, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Category } from "../../../domain/categories";
import { categoryLook } from "../../../domain/category-rules";
import type { Group } from "../../../domain/groups";
import type { Priority, Task } from "../../../domain/tasks";
import { PRIORITIES } from "../../../domain/task-rules";
import { formatDate, formatDateTime } from "../../../domain/time-format";
import { taskKeys } from "../../api/tasks";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LeaveGuard } from "../../components/LeaveGuard";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useNow } from "../../hooks/use-now";
import { useOnline } from "../../offline/use-offline";
import { appTimeLocale } from "../../stores/time-locale";
import { isNotFound, useCategories, useTask } from "../../hooks/use-tasks";
import { CategoryBadge } from "./CategoryChip";
import { SubtaskList } from "./SubtaskList";
import { DeadlineField } from "./DeadlineField";
import { RepeatField } from "./RepeatField";
import { NotesEditor } from "./NotesEditor";
import { editTask, removeTask, setCompleted, setLocked, setShared } from "./task-actions";
import { DeadlineLabel, LockedMarker, PriorityLabel, SharedMarker } from "./TaskParts";
import { homeGroupOf, PRIORITY_LABELS } from "./task-view";
import { TitleEditor } from "./TitleEditor";
import { TaskActions, TaskBadges, TaskPanels } from "../../modules/slots";

/** The task's own page (on a desk or a phone), or the pane beside the list. */
type Variant = "desktop" | "mobile" | "pane";

const cardClass = "rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5";

/** /task-detail-page?id= and /mobile-task-detail-page?id=: one task, with everything that can be changed on it. */
export function TaskDetail({ variant }: { variant: Variant }) {
  const [params] = useSearchParams();
  const id = params.get("id");
  const query = useTask(id);
  const online = useOnline();

  if (!id || (query.isError && isNotFound(query.error))) return <TaskNotFound deleted={Boolean(query.data)} />;
  if (!online && !query.data) {
    // Nothing to reload: the task loads by itself once the network is back.
    return (
      <Centered title="This task is not on this device yet">
        <p>It shows here once you are back online. The tasks this device has are on your list.</p>
        <Link to="/" className={`${buttonClass.primary} mt-6`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to your tasks
        </Link>
      </Centered>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Centered title="The task could not be loaded">
        <p>{query.error.message}</p>
        <button type="button" className={`${buttonClass.primary} mt-6`} onClick={() => void query.refetch()}>
          Try again
        </button>
      </Centered>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto max-w-5xl space-y-4" role="status">
        <span className="sr-only">Loading the task…</span>
        <div aria-hidden="true" className="h-8 w-2/3 animate-pulse rounded bg-surface-muted" />
        <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-surface-muted" />
      </div>
    );
  }
  return <TaskEditor task={query.data} variant={variant} />;
}

function Centered({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-soft text-brand">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 text-ink-muted">{children}</div>
    </div>
  );
}

/** A missing id, a deleted task and a task the user may not see look the same (the API answers 404 for all). */
function TaskNotFound({ deleted }: { deleted: boolean }) {
  return (
    <Centered title="Task not found">
      <p>
        {deleted
          ? "This task was just deleted, or it is no longer shared with your groups."
          : "There is no task at this address, or it belongs to a group you are not in."}
      </p>
      <Link to="/" className={`${buttonClass.primary} mt-6`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to your tasks
      </Link>
    </Centered>
  );
}

/**
 * Everything that can be changed on a task, each saved as it changes (no Save button to forget).
 * In the pane, `onDeleted` closes it and `headingId` names the title's heading.
 */
export function TaskEditor({
  task,
  variant,
  onDeleted,
  headingId,
}: {
  task: Task;
  variant: Variant;
  onDeleted?: () => void;
  headingId?: string;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const { current, groups, choose } = useCurrentGroup();
  // Its own group's, also for a task shared in from a group the user is not in.
  const categories = useCategories(task.groupId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Overdue is a matter of time: looked at again every minute.
  const now = useNow();
  const group = groups.find((item) => item.id === task.groupId);
  const home = homeGroupOf(task, groups, current?.id);
  const owner = group?.members.find((member) => member.userId === task.ownerId);
  const ownerName = task.ownerId === me?.id ? "you" : (owner?.displayName ?? "another member");
  const editable = task.abilities.edit;
  const mobile = variant === "mobile";
  const pane = variant === "pane";

  async function remove() {
    setDeleting(true);
    const removed = await removeTask(client, task);
    setDeleting(false);
    setConfirmDelete(false);
    if (!removed) return;
    if (onDeleted) onDeleted();
    else await navigate("/");
    client.removeQueries({ queryKey: taskKeys.one(task.id) });
  }

  const completeButton = (
    <button
      type="button"
      disabled={!editable}
      onClick={() => void setCompleted(client, task, !task.completed)}
      className={task.completed ? buttonClass.secondary : buttonClass.primary}
    >
      {task.completed ? (
        <RotateCcw aria-hidden="true" className="size-4" />
      ) : (
        <CircleCheckBig aria-hidden="true" className="size-4" />
      )}
      {task.completed ? "Reopen task" : "Mark as done"}
    </button>
  );

  const details = (
    <DetailsCard
      task={task}
      categories={categories}
      groups={groups}
      editable={editable}
      now={now}
      className={pane ? "space-y-5" : `${cardClass} space-y-5`}
      onDelete={() => setConfirmDelete(true)}
    />
  );

  return (
    <LeaveGuard>
      <div className={pane ? "space-y-6" : `mx-auto space-y-5 ${mobile ? "max-w-xl pb-24" : "max-w-5xl"}`}>
        {!pane && (
          <Link
            to="/"
            onClick={() => {
              if (home) choose(home.id);
            }}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {home ? `Tasks of ${home.name}` : "Your tasks"}
          </Link>
        )}

        <header className="space-y-3">
          <TitleEditor task={task} editable={editable} level={pane ? 2 : 1} headingId={headingId} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
            {task.completed && (
              <span className="inline-flex items-center gap-1 font-semibold text-success">
                <Check aria-hidden="true" className="size-4" />
                Done
                {task.completedAt && ` on ${formatDate(task.completedAt, appTimeLocale())}`}
              </span>
            )}
            <PriorityLabel priority={task.priority} />
            <span className="inline-flex items-center gap-1.5">
              <CategoryBadge category={categoryLook(categories, task.category)} />
              {categoryLook(categories, task.category).label}
            </span>
            <DeadlineLabel task={task} now={now} />
            <TaskBadges task={task} />
            {task.locked && <LockedMarker />}
            {task.sharedWithGroups.length > 0 && (
              <SharedMarker
                label={`Shared with ${task.sharedWithGroups.length} ${task.sharedWithGroups.length === 1 ? "group" : "groups"}`}
              />
            )}
          </div>
          <p className="text-xs text-ink-muted">
            Added by {ownerName}
            {group ? ` in ${group.name}` : ""} on {formatDate(task.createdAt, appTimeLocale())} · changed{" "}
            {formatDateTime(task.updatedAt, appTimeLocale())}
          </p>
          {!editable && (
            <p className="flex items-start gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Its owner locked this task: you can see it, but only they can change it.
            </p>
          )}
          {!mobile && <div>{completeButton}</div>}
        </header>

        <div className={mobile || pane ? "space-y-5" : "grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]"}>
          {(mobile || pane) && details}
          <div className="space-y-5">
            <section aria-labelledby="notes-heading" className={pane ? "border-t border-line pt-5" : cardClass}>
              <NotesEditor task={task} editable={editable} />
            </section>
            <section aria-labelledby="subtasks-heading" className={pane ? "border-t border-line pt-5" : cardClass}>
              <h2 id="subtasks-heading" className="mb-3 text-lg font-semibold">
                Subtasks
              </h2>
              <SubtaskList task={task} />
            </section>
            {!pane && <TaskPanels task={task} />}
          </div>
          {!mobile && !pane && details}
        </div>

        {mobile && (
          <div className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur">
            <div className="mx-auto flex max-w-xl gap-3 [&>button]:flex-1">{completeButton}</div>
          </div>
        )}

        <ConfirmDialog
          open={confirmDelete}
          title={`Delete “${task.title}”?`}
          confirmLabel="Delete task"
          busy={deleting}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        >
          <p>
            The task, its notes and its {task.subtasksTotal === 1 ? "subtask" : `${task.subtasksTotal} subtasks`} are
            deleted for everyone who sees it. This cannot be undone.
          </p>
        </ConfirmDialog>
      </div>
    </LeaveGuard>
  );
}

function DetailsCard({
  task,
  categories,
  groups,
  editable,
  now,
  className,
  onDelete,
}: {
  task: Task;
  categories: readonly Category[];
  groups: readonly Group[];
  editable: boolean;
  now: Date;
  className: string;
  onDelete: () => void;
}) {
  const client = useQueryClient();
  const categoryId = useId();
  const knownCategory = categories.some((category) => category.id === task.category);
  const otherGroups = groups.filter((group) => group.id !== task.groupId);
  const canShare = task.abilities.share && otherGroups.length > 0;

  return (
    <aside aria-label="Details" className={className}>
      <fieldset disabled={!editable}>
        <legend className={labelClass}>Priority</legend>
        <div className="mt-1.5 grid grid-cols-3 gap-1 rounded-lg border border-line bg-canvas p-1">
          {PRIORITIES.map((priority: Priority) => (
            <label
              key={priority}
              className="cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium text-ink-muted has-checked:bg-brand has-checked:text-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-focus has-disabled:cursor-not-allowed"
            >
              <input
                type="radio"
                name="priority"
                value={priority}
                checked={task.priority === priority}
                onChange={() =>
                  void editTask(
                    client,
                    task,
                    { priority },
                    { success: "Task updated successfully", failure: "Failed to update task priority" },
                  )
                }
                className="sr-only"
              />
              {PRIORITY_LABELS[priority]}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={categoryId} className={labelClass}>
          Category
        </label>
        <select
          id={categoryId}
          className={inputClass}
          value={task.category}
          disabled={!editable}
          onChange={(event) =>
            void editTask(
              client,
              task,
              { category: event.target.value },
              { success: "Task updated successfully", failure: "Failed to update task category" },
            )
          }
        >
          {!knownCategory && <option value={task.category}>{task.category}</option>}
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </div>

      <DeadlineField task={task} editable={editable} now={now} />
      <RepeatField task={task} editable={editable} />

      {canShare && (
        <fieldset>
          <legend className={labelClass}>Share with your groups</legend>
          <p className="mt-0.5 text-xs text-ink-muted">Their members see the task and can work on it.</p>
          <div className="mt-2 space-y-1.5">
            {otherGroups.map((group) => (
              <label key={group.id} className="flex items-center gap-2 text-sm">
                <OptimisticCheckbox
                  checked={task.sharedWithGroups.includes(group.id)}
                  onCheckedChange={(checked) => setShared(client, task, group, checked)}
                  className="size-4 accent-brand"
                />
                <span className="min-w-0 truncate">{group.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!task.abilities.share && task.sharedWithGroups.length > 0 && (
        <p className="text-sm text-ink-muted">
          Shared with{" "}
          {task.sharedWithGroups
            .map((id) => groups.find((group) => group.id === id)?.name ?? "another group")
            .join(", ")}
          .
        </p>
      )}

      <div className="space-y-3 border-t border-line pt-4">
        <TaskActions task={task} />
        {task.abilities.lock && (
          <div>
            <button
              type="button"
              className={`${buttonClass.secondary} w-full`}
              onClick={() => void setLocked(client, task, !task.locked)}
            >
              {task.locked ? (
                <LockOpen aria-hidden="true" className="size-4" />
              ) : (
                <Lock aria-hidden="true" className="size-4" />
              )}
              {task.locked ? "Unlock task" : "Lock task"}
            </button>
            <p className="mt-1 text-xs text-ink-muted">
              {task.locked
                ? "Locked: only you can change it, and it cannot be deleted."
                : "Locking keeps others from changing it."}
            </p>
          </div>
        )}
        {task.abilities.delete ? (
          <button type="button" className={`${buttonClass.dangerOutline} w-full`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete task
          </button>
        ) : (
          <p className="text-xs text-ink-muted">
            {task.abilities.lock ? "Unlock the task to delete it." : "Only the task’s owner can delete it."}
          </p>
        )}
      </div>
    </aside>
  );
}
