import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  Check,
  CircleCheckBig,
  Lock,
  LockOpen,
  NotebookPen,
  Pencil,
  RotateCcw,
  SearchX,
  Trash2,
  X,
} from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Category } from "../../../domain/categories";
import { categoryLook } from "../../../domain/category-rules";
import type { Group } from "../../../domain/groups";
import type { Priority, Task } from "../../../domain/tasks";
import { PRIORITIES, TASK_NOTES_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "../../../domain/task-rules";
import { taskKeys } from "../../api/tasks";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LeaveGuard, useUnsavedEdit } from "../../components/LeaveGuard";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { Markdown } from "../../components/Markdown";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useOnline } from "../../offline/use-offline";
import { isNotFound, useCategories, useTask } from "../../hooks/use-tasks";
import { CategoryBadge } from "./CategoryChip";
import { SubtaskList } from "./SubtaskList";
import { editTask, removeTask, setCompleted, setLocked, setShared } from "./task-actions";
import { DeadlineLabel, LockedMarker, PriorityLabel, SharedMarker } from "./TaskParts";
import { RepeatField } from "./RepeatField";
import { homeGroupOf, localTimeZone, PRIORITY_LABELS } from "./task-view";

type Variant = "desktop" | "mobile";

const cardClass = "rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5";
/** The shared input look without its top margin, for inputs whose label sits elsewhere. */
const fieldClass = inputClass.replace("mt-1 ", "");

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

function TaskEditor({ task, variant }: { task: Task; variant: Variant }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const { current, groups, choose } = useCurrentGroup();
  // Its own group's, also for a task shared in from a group the user is not in.
  const categories = useCategories(task.groupId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [now] = useState(() => new Date());
  const group = groups.find((item) => item.id === task.groupId);
  const home = homeGroupOf(task, groups, current?.id);
  const owner = group?.members.find((member) => member.userId === task.ownerId);
  const ownerName = task.ownerId === me?.id ? "you" : (owner?.displayName ?? "another member");
  const editable = task.abilities.edit;
  const mobile = variant === "mobile";

  async function remove() {
    setDeleting(true);
    const removed = await removeTask(client, task);
    setDeleting(false);
    setConfirmDelete(false);
    if (removed) {
      await navigate("/");
      client.removeQueries({ queryKey: taskKeys.one(task.id) });
    }
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
      onDelete={() => setConfirmDelete(true)}
    />
  );

  return (
    <LeaveGuard>
      <div className={`mx-auto space-y-5 ${mobile ? "max-w-xl pb-24" : "max-w-5xl"}`}>
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

        <header className="space-y-3">
          <TitleEditor task={task} editable={editable} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
            {task.completed && (
              <span className="inline-flex items-center gap-1 font-semibold text-success">
                <Check aria-hidden="true" className="size-4" />
                Done
                {task.completedAt && ` on ${new Date(task.completedAt).toLocaleDateString()}`}
              </span>
            )}
            <PriorityLabel priority={task.priority} />
            <span className="inline-flex items-center gap-1.5">
              <CategoryBadge category={categoryLook(categories, task.category)} />
              {categoryLook(categories, task.category).label}
            </span>
            <DeadlineLabel task={task} now={now} />
            {task.locked && <LockedMarker />}
            {task.sharedWithGroups.length > 0 && (
              <SharedMarker
                label={`Shared with ${task.sharedWithGroups.length} ${task.sharedWithGroups.length === 1 ? "group" : "groups"}`}
              />
            )}
          </div>
          <p className="text-xs text-ink-muted">
            Added by {ownerName}
            {group ? ` in ${group.name}` : ""} on {new Date(task.createdAt).toLocaleDateString()} · changed{" "}
            {new Date(task.updatedAt).toLocaleString()}
          </p>
          {!editable && (
            <p className="flex items-start gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Its owner locked this task: you can see it, but only they can change it.
            </p>
          )}
          {!mobile && <div>{completeButton}</div>}
        </header>

        <div className={mobile ? "space-y-5" : "grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]"}>
          {mobile && details}
          <div className="space-y-5">
            <section aria-labelledby="notes-heading" className={cardClass}>
              <NotesEditor task={task} editable={editable} />
            </section>
            <section aria-labelledby="subtasks-heading" className={cardClass}>
              <h2 id="subtasks-heading" className="mb-3 text-lg font-semibold">
                Subtasks
              </h2>
              <SubtaskList task={task} />
            </section>
          </div>
          {!mobile && details}
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

function TitleEditor({ task, editable }: { task: Task; editable: boolean }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);
  const inputId = useId();
  useUnsavedEdit("title", () => (editing && draft.trim() && draft.trim() !== task.title ? "the new title" : null));

  async function save(event: FormEvent) {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return;
    setEditing(false);
    if (title !== task.title) {
      await editTask(
        client,
        task,
        { title },
        { success: "Task updated successfully", failure: "Failed to update task" },
      );
    }
  }

  if (editing) {
    return (
      <form onSubmit={(event) => void save(event)} className="space-y-2">
        <h1 className="sr-only">{task.title}</h1>
        <label htmlFor={inputId} className={labelClass}>
          Title
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            value={draft}
            maxLength={TASK_TITLE_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setEditing(false);
            }}
            autoFocus
            className="block min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 text-lg font-semibold text-ink focus:border-brand focus:outline-3 focus:outline-focus"
          />
          <button type="submit" className={buttonClass.primary}>
            Save
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex items-start gap-2">
      <h1
        className={`min-w-0 flex-1 text-2xl font-bold tracking-tight break-words sm:text-3xl ${task.completed ? "text-ink-muted line-through" : ""}`}
      >
        {task.title}
      </h1>
      {editable && (
        <button
          type="button"
          onClick={() => {
            setDraft(task.title);
            setEditing(true);
          }}
          className="mt-1 grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
          title="Rename"
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="sr-only">Rename task</span>
        </button>
      )}
    </div>
  );
}

function NotesEditor({ task, editable }: { task: Task; editable: boolean }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.notes);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const hintId = useId();
  // Notes are saved with their button (spec: "Notes updated successfully"); leaving asks first.
  useUnsavedEdit("notes", () => (editing && draft !== task.notes ? "your notes" : null));

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const saved =
      draft === task.notes ||
      (await editTask(
        client,
        task,
        { notes: draft },
        { success: "Notes updated successfully", failure: "Failed to update task notes" },
      ));
    setSaving(false);
    if (saved) setEditing(false);
  }

  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="notes-heading" className="text-lg font-semibold">
          Notes
        </h2>
        {editable && !editing && (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setDraft(task.notes);
              setEditing(true);
            }}
          >
            <NotebookPen aria-hidden="true" className="size-4" />
            {task.notes ? "Edit notes" : "Add notes"}
          </button>
        )}
      </div>
      {editing ? (
        <form onSubmit={(event) => void save(event)}>
          <label htmlFor={inputId} className="sr-only">
            Notes
          </label>
          <textarea
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={TASK_NOTES_MAX_LENGTH}
            rows={8}
            autoFocus
            aria-describedby={hintId}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={hintId} className="mt-1 text-xs text-ink-muted">
            Markdown works: **bold**, *italic*, lists, [links](https://example.org). HTML is shown as text.
          </p>
          <div className="mt-3 flex gap-2">
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              Save notes
            </button>
            <button type="button" className={buttonClass.secondary} disabled={saving} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : task.notes.trim() ? (
        <Markdown source={task.notes} />
      ) : (
        <p className="text-sm text-ink-muted">No notes yet.</p>
      )}
    </>
  );
}

function DetailsCard({
  task,
  categories,
  groups,
  editable,
  onDelete,
}: {
  task: Task;
  categories: readonly Category[];
  groups: readonly Group[];
  editable: boolean;
  onDelete: () => void;
}) {
  const client = useQueryClient();
  const categoryId = useId();
  const knownCategory = categories.some((category) => category.id === task.category);
  const otherGroups = groups.filter((group) => group.id !== task.groupId);
  const canShare = task.abilities.share && otherGroups.length > 0;

  return (
    <aside aria-label="Details" className={`${cardClass} space-y-5`}>
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

      <DeadlineField task={task} editable={editable} />
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

const datePart = (deadline: string | null) => deadline?.slice(0, 10) ?? "";
const timePart = (deadline: string | null) => deadline?.slice(11, 16) ?? "";
type DeadlinePart = "date" | "time";

/**
 * Date and optional time, saved as priority and category are, without a button: when the focus
 * leaves both fields, on Enter, when the page is hidden or closed, and when the user goes to
 * another page of the app. Not at every change, since typing a year changes the value at each
 * digit (0002, 0020, 0203, 2031). A half-typed date or time (its input's value is then empty)
 * is saved neither as the deadline nor as its removal: the field says so, and leaving asks first.
 */
function DeadlineField({ task, editable }: { task: Task; editable: boolean }) {
  const client = useQueryClient();
  const [date, setDate] = useState(() => datePart(task.deadline));
  const [time, setTime] = useState(() => timePart(task.deadline));
  const [shown, setShown] = useState(task.deadline);
  const [incomplete, setIncomplete] = useState<DeadlinePart | null>(null);
  // What the inputs hold but their value cannot say (read on their events, so it is known
  // after they are gone too).
  const halfTyped = useRef<Record<DeadlinePart, boolean>>({ date: false, time: false });
  const dateInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const dateId = useId();
  const timeId = useId();
  const errorId = useId();
  const next = date ? (time ? `${date}T${time}` : date) : null;
  const zone = task.deadlineTimeZone ?? localTimeZone();

  // Changed elsewhere (another member, another tab) or put back after a failed save: shown,
  // unless an edit here is under way.
  if (task.deadline !== shown) {
    setShown(task.deadline);
    if (next === shown && !incomplete) {
      setDate(datePart(task.deadline));
      setTime(timePart(task.deadline));
    }
  }

  function unfinished(): DeadlinePart | null {
    if (halfTyped.current.date) return "date";
    return halfTyped.current.time && date ? "time" : null;
  }

  function track(part: DeadlinePart, input: HTMLInputElement) {
    halfTyped.current[part] = input.validity.badInput;
    if (incomplete && !unfinished()) setIncomplete(null);
  }

  function commit() {
    const half = unfinished();
    setIncomplete(half);
    if (half || next === task.deadline) return;
    void editTask(
      client,
      task,
      { deadline: next },
      { success: "Task updated successfully", failure: "Failed to update task deadline" },
    );
  }

  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === "hidden") latestCommit.current();
    };
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      // Going to another page of the app.
      latestCommit.current();
    };
  }, []);
  useUnsavedEdit("deadline", () => (unfinished() ? "the deadline you started typing" : null));

  return (
    <fieldset
      disabled={!editable}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) commit();
      }}
    >
      <legend className={labelClass}>Deadline</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        <div className="min-w-36 flex-1">
          <label htmlFor={dateId} className="sr-only">
            Deadline date
          </label>
          <input
            ref={dateInput}
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => {
              track("date", event.currentTarget);
              setDate(event.target.value);
            }}
            onKeyUp={(event) => track("date", event.currentTarget)}
            onBlur={(event) => track("date", event.currentTarget)}
            onKeyDown={(event) => {
              if (event.key === "Enter") commit();
            }}
            aria-invalid={incomplete === "date" || undefined}
            aria-describedby={incomplete === "date" ? errorId : undefined}
            className={fieldClass}
          />
        </div>
        <div className="w-36">
          <label htmlFor={timeId} className="sr-only">
            Deadline time (optional)
          </label>
          <input
            ref={timeInput}
            id={timeId}
            type="time"
            value={time}
            disabled={!date}
            onChange={(event) => {
              track("time", event.currentTarget);
              setTime(event.target.value);
            }}
            onKeyUp={(event) => track("time", event.currentTarget)}
            onBlur={(event) => track("time", event.currentTarget)}
            onKeyDown={(event) => {
              if (event.key === "Enter") commit();
            }}
            aria-invalid={incomplete === "time" || undefined}
            aria-describedby={incomplete === "time" ? errorId : undefined}
            className={fieldClass}
          />
        </div>
      </div>
      {incomplete && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {incomplete === "date"
            ? "The date is not complete. Finish it (day, month and year) or remove the deadline; until then it is not saved."
            : "The time is not complete. Finish it or clear it; until then the deadline is not saved."}
        </p>
      )}
      {time && zone !== localTimeZone() && <p className="mt-1 text-xs text-ink-muted">Time in {zone}.</p>}
      {(task.deadline || date || incomplete) && (
        <div className="mt-2">
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setDate("");
              setTime("");
              // A half-typed value is not in `value`: React would leave it on screen.
              for (const input of [dateInput.current, timeInput.current]) if (input) input.value = "";
              halfTyped.current = { date: false, time: false };
              setIncomplete(null);
              if (task.deadline !== null) {
                void editTask(
                  client,
                  task,
                  { deadline: null },
                  { success: "Task updated successfully", failure: "Failed to update task deadline" },
                );
              }
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Remove deadline
          </button>
        </div>
      )}
    </fieldset>
  );
}
