import { useQueryClient } from "@tanstack/react-query";
import { CircleCheckBig, ListTodo, SearchX, Users } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { categoryLook } from "../../../domain/category-rules";
import type { Group } from "../../../domain/groups";
import { TASK_MESSAGES } from "../../../domain/task-rules";
import type { CachedTask, NewTask } from "../../api/tasks";
import { DataUnavailable } from "../../components/DataUnavailable";
import { UnconfirmedEmailNotice } from "../../components/UnconfirmedEmailNotice";
import { buttonClass } from "../../components/form";
import { GROUP_TYPE_LABELS, GroupIcon } from "../../components/GroupIcon";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useNow } from "../../hooks/use-now";
import { useSettings } from "../../hooks/use-settings";
import { useOnline } from "../../offline/use-offline";
import { useCategoriesOfTaskGroups } from "../../hooks/use-group-categories";
import { useCategories, useGroupTasks } from "../../hooks/use-tasks";
import { notify } from "../../stores/notifier";
import { QuickAddForm } from "./quick-add/QuickAddForm";
import { ShortcutsHelp } from "./ShortcutsHelp";
import { addTask, reorderTasks, setCompleted } from "./task-actions";
import { defaultCategoryOf, matchesFilter, moveTask, SORT_LABELS, SORTS, sortTasks, type TaskSort } from "./task-view";
import { EmptyNote } from "./EmptyNote";
import { TaskDeleteDialog } from "./TaskDeleteDialog";
import { TaskToolbar } from "./TaskToolbar";
import { focusTask } from "./use-task-shortcuts";
import { TaskRow } from "./TaskRow";
import { useTaskListControls } from "./use-task-list-controls";
import { useDragReorder } from "../../hooks/use-drag-reorder";

const SORT_STORAGE_KEY = "taskSort";
const NO_GROUPS: readonly string[] = [];

function storedSort(): TaskSort {
  try {
    const value = localStorage.getItem(SORT_STORAGE_KEY);
    return SORTS.includes(value as TaskSort) ? (value as TaskSort) : "manual";
  } catch {
    return "manual";
  }
}

/** "/" for a signed-in user: the current group's tasks. */
export default function TaskListPage() {
  const me = useMe();
  const client = useQueryClient();
  const { current, groups, isPending: groupsPending, isError: groupsError, retry: retryGroups } = useCurrentGroup();
  const online = useOnline();
  const groupId = current?.id;
  const tasksQuery = useGroupTasks(groupId);
  const categories = useCategories(groupId);
  const { settings, change: changeSettings } = useSettings();

  const [sort, setSort] = useState<TaskSort>(storedSort);
  const [chosenCategory, setCategory] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<CachedTask | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Overdue is a matter of time: looked at again every minute.
  const now = useNow();
  const addRef = useRef<HTMLInputElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const handleHintId = useId();
  const showCompleted = settings.showCompletedTasks;

  const all = useMemo(() => tasksQuery.data?.tasks ?? [], [tasksQuery.data]);
  // A category of the group shown before a switch (or one just deleted) filters nothing.
  const category = categories.some((option) => option.id === chosenCategory) ? chosenCategory : null;
  const filtering = category !== null || text.trim() !== "";
  const { open, done } = useMemo(() => {
    const shown = sortTasks(
      all.filter((task) => matchesFilter(task, { category, text, showCompleted })),
      sort,
    );
    return { open: shown.filter((task) => !task.completed), done: shown.filter((task) => task.completed) };
  }, [all, category, text, showCompleted, sort]);
  const openCount = all.filter((task) => !task.completed).length;
  const doneCount = all.length - openCount;
  const reorderable = sort === "manual" && !filtering;

  const groupNames = useMemo(() => new Map(groups.map((group: Group) => [group.id, group.name])), [groups]);
  // A task shared in from another group has a category of that group.
  const sharedIn = useMemo(() => all.filter((task) => task.groupId !== groupId), [all, groupId]);
  const categoriesOfSharedIn = useCategoriesOfTaskGroups(NO_GROUPS, sharedIn);
  const lookOf = (task: CachedTask) =>
    categoryLook(task.groupId === groupId ? categories : (categoriesOfSharedIn.get(task.groupId) ?? []), task.category);

  function sharedMarker(task: CachedTask): { label: string; title: string } | null {
    if (task.groupId !== groupId) {
      const from = groupNames.get(task.groupId);
      return { label: from ? `From ${from}` : "Shared with this group", title: "Shared with this group by its owner" };
    }
    if (task.sharedWithGroups.length === 0) return null;
    const names = task.sharedWithGroups.map((id) => groupNames.get(id) ?? "another group");
    return { label: "Shared", title: `Shared with ${names.join(", ")}` };
  }

  const move = useCallback(
    (from: number, to: number) => {
      const task = open[from];
      if (!task) return;
      const changes = moveTask(open, from, to);
      if (changes.length === 0) return;
      setAnnouncement(`${task.title} moved to position ${to + 1} of ${open.length}.`);
      void reorderTasks(client, open, changes);
    },
    [client, open],
  );
  const drag = useDragReorder(listRef, move);

  async function add(input: Omit<NewTask, "groupId">): Promise<boolean> {
    if (!groupId || !me) {
      notify.error(`Failed to add task: ${TASK_MESSAGES.noGroup}`);
      return false;
    }
    const task = await addTask(client, { ...input, groupId }, me.id);
    if (task && (category !== null || !showCompleted) && !matchesFilter(task, { category, text, showCompleted })) {
      setAnnouncement(`${task.title} was added but is hidden by the filter.`);
    }
    return task !== null;
  }

  function toggle(task: CachedTask): Promise<boolean> {
    setAnnouncement(task.completed ? `${task.title} reopened.` : `${task.title} completed.`);
    return setCompleted(client, task, !task.completed);
  }

  // The installed app's "New task" shortcut opens /?new=1: quick add, ready to type.
  const [params, setParams] = useSearchParams();
  const wantsNewTask = params.get("new") === "1";
  useEffect(() => {
    if (!wantsNewTask || !addRef.current) return;
    addRef.current.focus();
    setParams({}, { replace: true });
  });

  const { openTask, openDeadline, overlays } = useTaskListControls({
    tasks: all,
    addRef,
    searchRef: filterRef,
    toggle,
    toggleHelp: () => setHelpOpen((value) => !value),
    announce: setAnnouncement,
  });

  function changeSort(value: TaskSort) {
    setSort(value);
    try {
      localStorage.setItem(SORT_STORAGE_KEY, value);
    } catch {
      // Not kept on this device: it lasts for this page load.
    }
  }

  async function toggleShowCompleted(value: boolean) {
    if (!(await changeSettings({ showCompletedTasks: value }))) notify.error("Failed to save the setting");
  }

  function clearFilters() {
    setCategory(null);
    setText("");
  }

  // Without its groups the page has no list to show: offline, they are not on this device yet.
  if (groupsError || (!online && !current)) {
    return (
      <PageFrame>
        <DataUnavailable
          what="your groups and their tasks"
          failure="Your groups could not be loaded, so there are no tasks to show."
          failed={groupsError}
          onRetry={retryGroups}
        />
      </PageFrame>
    );
  }

  const loading = groupsPending || !current || (tasksQuery.isPending && !tasksQuery.data);

  return (
    <PageFrame
      group={current}
      counts={tasksQuery.data ? { open: openCount, done: doneCount } : undefined}
      actions={
        <>
          <TaskToolbar
            hidden={tasksQuery.data !== undefined && all.length === 0}
            searchRef={filterRef}
            text={text}
            onText={setText}
            categories={categories}
            category={category}
            onCategory={setCategory}
            sort={sort}
            onSort={changeSort}
            showCompleted={showCompleted}
            onShowCompleted={toggleShowCompleted}
          />
          <div className="hidden sm:block">
            <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
          </div>
        </>
      }
    >
      <UnconfirmedEmailNotice dismissible />
      <QuickAddForm
        inputRef={addRef}
        categories={categories}
        defaultCategory={defaultCategoryOf(categories)}
        onAdd={add}
        onLeave={() => focusTask(1)}
      />

      <p role="status" className="sr-only">
        {announcement}
      </p>
      <p id={handleHintId} className="sr-only">
        Use the up and down arrow keys to move the task.
      </p>

      {loading && online && (
        <div role="status" className="space-y-1">
          <span className="sr-only">Loading tasks…</span>
          {[0, 1, 2].map((index) => (
            <div key={index} aria-hidden="true" className="h-11 animate-pulse rounded-lg bg-surface-muted" />
          ))}
        </div>
      )}
      {current && !tasksQuery.data && (
        <DataUnavailable
          what={`the tasks of ${current.name}`}
          failure="Failed to load tasks."
          failed={tasksQuery.isError}
          onRetry={() => void tasksQuery.refetch()}
        />
      )}

      {!loading && tasksQuery.data && (
        <div data-task-lists className="space-y-5">
          {all.length === 0 ? (
            <EmptyState group={current} onAdd={() => addRef.current?.focus()} />
          ) : open.length === 0 && (done.length === 0 || !showCompleted) ? (
            filtering ? (
              <EmptyNote icon={<SearchX aria-hidden="true" className="size-6" />} title="No tasks match the filter">
                <button type="button" className={buttonClass.secondary} onClick={clearFilters}>
                  Clear the filter
                </button>
              </EmptyNote>
            ) : (
              <EmptyNote icon={<CircleCheckBig aria-hidden="true" className="size-6" />} title="All done!">
                {doneCount} completed {doneCount === 1 ? "task is" : "tasks are"} hidden.{" "}
                <button
                  type="button"
                  className="font-semibold text-brand underline"
                  onClick={() => void toggleShowCompleted(true)}
                >
                  Show completed
                </button>
              </EmptyNote>
            )
          ) : (
            <section aria-labelledby="open-tasks-heading">
              <h2 id="open-tasks-heading" className="sr-only">
                Open tasks
              </h2>
              {open.length === 0 ? (
                <p className="rounded-xl border border-dashed border-line px-4 py-3 text-sm text-ink-muted">
                  Nothing open{filtering ? " matches the filter" : ""}.
                </p>
              ) : (
                <ul ref={listRef} aria-label="Open tasks" className="divide-y divide-line">
                  {open.map((task, index) => (
                    <TaskRow
                      key={task.id}
                      task={task}
                      category={lookOf(task)}
                      shared={sharedMarker(task)}
                      now={now}
                      dragging={drag.dragging === index}
                      style={drag.itemStyle(index)}
                      reorder={
                        reorderable
                          ? {
                              position: `${index + 1} of ${open.length}`,
                              hintId: handleHintId,
                              onMove: (delta) => move(index, index + delta),
                              pointer: drag.handleProps(index),
                            }
                          : undefined
                      }
                      onToggle={toggle}
                      onDelete={setConfirmDelete}
                      onOpen={openTask}
                      onDeadline={openDeadline}
                    />
                  ))}
                </ul>
              )}
              {!reorderable && open.length > 1 && (
                <p className="mt-2 text-xs text-ink-muted">
                  {sort !== "manual"
                    ? `Sorted by ${SORT_LABELS[sort].toLowerCase()}. Choose “My order” to drag tasks into your own order.`
                    : "Clear the filter to drag tasks into a new order."}
                </p>
              )}
            </section>
          )}

          {showCompleted && done.length > 0 && (
            <section aria-labelledby="done-tasks-heading">
              <h2
                id="done-tasks-heading"
                className="mb-1 border-b border-line pb-1 text-sm font-semibold text-ink-muted"
              >
                Completed ({done.length})
              </h2>
              <ul aria-label="Completed tasks" className="divide-y divide-line">
                {done.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    category={lookOf(task)}
                    shared={sharedMarker(task)}
                    now={now}
                    handleSpace={reorderable && open.length > 0}
                    onToggle={toggle}
                    onDelete={setConfirmDelete}
                    onOpen={openTask}
                    onDeadline={openDeadline}
                  />
                ))}
              </ul>
            </section>
          )}
        </div>
      )}

      {overlays}
      <TaskDeleteDialog
        task={confirmDelete}
        onClose={() => setConfirmDelete(null)}
        onAfter={() => addRef.current?.focus()}
      />
    </PageFrame>
  );
}

function PageFrame({
  group,
  counts,
  actions,
  children,
}: {
  group?: Group;
  counts?: { open: number; done: number };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-2 sm:space-y-3">
      <div className="flex items-center justify-between gap-x-3">
        {/* A long group name is cut short here, not the search field beside it. */}
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">
            Tasks
            {/* On phones the header's group switcher names the group: the open count is enough here. */}
            {counts && <span className="ml-2 text-base font-medium text-ink-muted sm:hidden">{counts.open}</span>}
          </h1>
          {group && (
            <p className="hidden items-center gap-x-1.5 text-sm text-ink-muted sm:flex">
              <GroupIcon type={group.type} className="size-4 shrink-0" />
              <span className="sr-only">{GROUP_TYPE_LABELS[group.type]} group </span>
              <span className="min-w-0 truncate font-medium text-ink" title={group.name}>
                {group.name}
              </span>
              {counts && (
                <span className="shrink-0">
                  · {counts.open} open · {counts.done} done
                </span>
              )}
            </p>
          )}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** No tasks at all in this group: how to start, and where sharing comes in. */
function EmptyState({ group, onAdd }: { group: Group | undefined; onAdd: () => void }) {
  return (
    <EmptyNote
      icon={<ListTodo aria-hidden="true" className="size-6" />}
      title={`No tasks in ${group?.name ?? "this group"} yet`}
    >
      <p>
        Type what needs doing in the box above and press Enter. Give it a priority, a category or a deadline if you
        like; notes and subtasks go on the task’s own page.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass.primary} onClick={onAdd}>
          Add the first task
        </button>
        {group?.isPersonal ? (
          <Link to="/groups" className={buttonClass.secondary}>
            <Users aria-hidden="true" className="size-4" />
            Share tasks with family or a team
          </Link>
        ) : (
          <Link to={`/group-settings?id=${encodeURIComponent(group?.id ?? "")}`} className={buttonClass.secondary}>
            <Users aria-hidden="true" className="size-4" />
            Invite people to {group?.name ?? "the group"}
          </Link>
        )}
      </div>
      <p className="mt-5 hidden text-xs sm:block">
        Tip: press <kbd className="rounded border border-line px-1 font-mono">n</kbd> for a new task and{" "}
        <kbd className="rounded border border-line px-1 font-mono">?</kbd> for all keyboard shortcuts.
      </p>
    </EmptyNote>
  );
}
