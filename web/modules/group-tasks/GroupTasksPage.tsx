import { useQueryClient } from "@tanstack/react-query";
import { Settings2, User, X } from "lucide-react";
import { useId, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { categoryLook } from "../../../domain/category-rules";
import type { Group } from "../../../domain/groups";
import type { Task } from "../../../domain/tasks";
import { allTasksKey } from "../../api/all-tasks";
import type { CachedTask } from "../../api/tasks";
import { DataUnavailable } from "../../components/DataUnavailable";
import { GROUP_TYPE_LABELS, GroupIcon } from "../../components/GroupIcon";
import { useAllTasks } from "../../hooks/use-all-tasks";
import { useCategoriesOfTaskGroups } from "../../hooks/use-group-categories";
import { useGroups } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { taskPath } from "../../hooks/use-mobile";
import { useNow } from "../../hooks/use-now";
import { useSettings } from "../../hooks/use-settings";
import { useOnline } from "../../offline/use-offline";
import { TaskBadges } from "../slots";
import { memberNames, UNKNOWN_OWNER } from "../../scenes/dashboard/people";
import {
  firstDayOfWeek,
  matchesTaskFilter,
  parseTaskFilter,
  startOfWeek,
  type TaskFilter,
} from "../../scenes/dashboard/task-stats";
import { CategoryChip } from "../../scenes/tasks/CategoryChip";
import { setCompleted } from "../../scenes/tasks/task-actions";
import {
  DeadlineLabel,
  LockedMarker,
  PriorityLabel,
  SharedMarker,
  SubtaskProgress,
  WaitingToSyncMarker,
} from "../../scenes/tasks/TaskParts";
import { byManualOrder } from "../../scenes/tasks/task-view";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Open first; then the earliest deadline; then the group's own order. */
function byListOrder(a: Task, b: Task): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.deadline !== b.deadline) {
    if (!a.deadline || !b.deadline) return a.deadline ? -1 : 1;
    return a.deadline.localeCompare(b.deadline);
  }
  return byManualOrder(a, b);
}

interface GroupSection {
  id: string;
  group: Group | null;
  /** As the list holds them: a task added or changed offline is marked so (CachedTask). */
  tasks: CachedTask[];
}

const STATUS_LABELS: Record<TaskFilter["status"], string> = { open: "Open", completed: "Completed", all: "All" };

/** /group-tasks: every task the user sees, grouped by group (a task shared with two groups is under both). */
export default function GroupTasksPage() {
  const me = useMe();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { settings } = useSettings();
  const search = params.toString();
  const defaultStatus = settings.showCompletedTasks ? "all" : "open";
  const filter = useMemo(() => parseTaskFilter(new URLSearchParams(search), defaultStatus), [search, defaultStatus]);
  const { groups, isPending: groupsPending } = useGroups();
  const all = useAllTasks();
  const online = useOnline();
  const now = useNow();
  const statusId = useId();
  const groupIds = useMemo(() => groups.map((group) => group.id), [groups]);
  const categoriesByGroup = useCategoriesOfTaskGroups(groupIds, all.data);
  const names = useMemo(() => memberNames(groups, me?.id), [groups, me?.id]);
  const groupNames = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);

  const sections = useMemo((): GroupSection[] => {
    const tasks: CachedTask[] = all.data ?? [];
    const weekStart = startOfWeek(now, firstDayOfWeek());
    const shown = tasks.filter((task) => matchesTaskFilter(task, { ...filter, group: null }, now, weekStart));
    const mine = new Set(groupIds);
    const result: GroupSection[] = groups
      .filter((group) => !filter.group || group.id === filter.group)
      .map((group) => ({
        id: group.id,
        group,
        tasks: shown
          .filter((task) => task.groupId === group.id || task.sharedWithGroups.includes(group.id))
          .sort(byListOrder),
      }));
    // Tasks the user owns in a group they have left: still theirs, still shown.
    const elsewhere = shown.filter(
      (task) => !mine.has(task.groupId) && !task.sharedWithGroups.some((id) => mine.has(id)),
    );
    if (!filter.group && elsewhere.length > 0) {
      result.push({ id: "elsewhere", group: null, tasks: elsewhere.sort(byListOrder) });
    }
    return result;
  }, [all.data, groups, groupIds, now, filter]);

  const total = sections.reduce((sum, section) => sum + section.tasks.length, 0);

  const activeFilters: { key: keyof TaskFilter; label: string }[] = [];
  if (filter.group) activeFilters.push({ key: "group", label: `Group: ${groupNames.get(filter.group) ?? "unknown"}` });
  if (filter.due) activeFilters.push({ key: "due", label: filter.due === "today" ? "Due today" : "Overdue" });
  if (filter.completed) activeFilters.push({ key: "completed", label: "Completed this week" });
  if (filter.category) {
    const known = [...categoriesByGroup.values()].flat();
    activeFilters.push({ key: "category", label: `Category: ${categoryLook(known, filter.category).label}` });
  }
  if (filter.owner) activeFilters.push({ key: "owner", label: `Owner: ${names.get(filter.owner) ?? UNKNOWN_OWNER}` });

  function without(key: keyof TaskFilter): string {
    const next = new URLSearchParams(search);
    next.delete(key);
    const rest = next.toString();
    return `/group-tasks${rest ? `?${rest}` : ""}`;
  }

  function setStatus(status: TaskFilter["status"]) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("status", status);
        return next;
      },
      { replace: true },
    );
  }

  async function toggle(task: Task) {
    const completed = !task.completed;
    client.setQueryData<Task[]>(allTasksKey, (list) =>
      list?.map((item) =>
        item.id === task.id ? { ...item, completed, completedAt: completed ? new Date().toISOString() : null } : item,
      ),
    );
    if (!(await setCompleted(client, task, completed))) void client.invalidateQueries({ queryKey: allTasksKey });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Group tasks</h1>
        <p className="mt-1 text-ink-muted">
          Every task you can see, from all your groups, including tasks shared with them. A task shared with two of your
          groups is listed under both.
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={statusId} className="text-sm font-medium">
          Show
        </label>
        <select
          id={statusId}
          value={filter.status}
          onChange={(event) => setStatus(event.target.value as TaskFilter["status"])}
          className="rounded-lg border border-line bg-canvas px-2.5 py-1.5 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus"
        >
          {(Object.keys(STATUS_LABELS) as TaskFilter["status"][]).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]} tasks
            </option>
          ))}
        </select>
        {activeFilters.length > 0 && (
          <ul aria-label="Filters" className="flex flex-wrap gap-2">
            {activeFilters.map((entry) => (
              <li key={entry.key}>
                <Link
                  to={without(entry.key)}
                  className="inline-flex items-center gap-1 rounded-full border border-line bg-brand-soft py-1 pr-2 pl-3 text-sm text-ink hover:border-brand"
                >
                  {entry.label}
                  <X aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(remove this filter)</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {activeFilters.length > 0 && (
          <Link to="/group-tasks" className="text-sm text-brand underline underline-offset-2">
            Clear filters
          </Link>
        )}
      </div>

      <p role="status" className="sr-only">
        {all.data ? `${plural(total, "task")} shown.` : ""}
      </p>

      {!all.data && (
        <DataUnavailable
          what="your tasks"
          failure="Failed to load tasks."
          failed={all.isError}
          onRetry={() => void all.refetch()}
        />
      )}
      {(all.isPending || groupsPending) && !all.isError && online && (
        <p role="status" className="text-ink-muted">
          Loading tasks…
        </p>
      )}

      {all.data &&
        sections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`group-${section.id}`}
            className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
          >
            <div className="flex flex-wrap items-center gap-2">
              {section.group ? (
                <GroupIcon type={section.group.type} className="size-5 text-brand" />
              ) : (
                <User aria-hidden="true" className="size-5 text-brand" />
              )}
              <h2 id={`group-${section.id}`} className="min-w-0 flex-1 text-lg font-semibold break-words">
                {section.group?.name ?? "Your tasks in groups you have left"}
                <span className="ml-2 text-sm font-normal text-ink-muted">
                  {section.group && <span className="sr-only">{GROUP_TYPE_LABELS[section.group.type]} group, </span>}
                  {plural(section.tasks.length, "task")}
                </span>
              </h2>
              {section.group && (
                <Link
                  to={`/group-settings?id=${encodeURIComponent(section.group.id)}`}
                  className="grid size-9 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
                  title="Group settings"
                >
                  <Settings2 aria-hidden="true" className="size-4" />
                  <span className="sr-only">Settings of {section.group.name}</span>
                </Link>
              )}
            </div>
            {section.tasks.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">
                {activeFilters.length > 0 || filter.status !== "all" ? "No tasks match here." : "No tasks yet."}
              </p>
            ) : (
              <ul
                aria-label={`Tasks of ${section.group?.name ?? "groups you have left"}`}
                className="mt-3 divide-y divide-line"
              >
                {section.tasks.map((task) => {
                  const categories = categoriesByGroup.get(task.groupId) ?? [];
                  const from = section.group && task.groupId !== section.group.id;
                  const owner = names.get(task.ownerId) ?? UNKNOWN_OWNER;
                  // In a group of one, every task is the user's own: no need to say so on each.
                  const showOwner = task.ownerId !== me?.id || (section.group?.members.length ?? 1) > 1;
                  return (
                    <li key={task.id} data-task-id={task.id} className="flex items-start gap-3 py-2.5">
                      <span className="grid h-6 shrink-0 place-items-center">
                        <input
                          type="checkbox"
                          checked={task.completed}
                          disabled={!task.abilities.edit}
                          aria-label={`Done: ${task.title}`}
                          title={task.abilities.edit ? undefined : "Locked by its owner"}
                          onChange={() => void toggle(task)}
                          className="size-5 cursor-pointer rounded accent-brand disabled:cursor-not-allowed"
                        />
                      </span>
                      <div className="min-w-0 flex-1">
                        <Link
                          to={taskPath(task.id)}
                          className={`font-medium break-words hover:underline ${task.completed ? "text-ink-muted line-through" : "text-ink"}`}
                        >
                          {task.title}
                        </Link>
                        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
                          <PriorityLabel priority={task.priority} />
                          <CategoryChip category={categoryLook(categories, task.category)} />
                          <DeadlineLabel task={task} now={now} />
                          <SubtaskProgress task={task} />
                          {showOwner && (
                            <span className="inline-flex items-center gap-1">
                              <User aria-hidden="true" className="size-3.5" />
                              <span className="sr-only">Owner: </span>
                              {owner}
                            </span>
                          )}
                          <TaskBadges task={task} />
                          {task.locked && <LockedMarker />}
                          {task.offline && <WaitingToSyncMarker />}
                          {from && (
                            <SharedMarker
                              label={`From ${groupNames.get(task.groupId) ?? "another group"}`}
                              title="Shared with this group by its owner"
                            />
                          )}
                          {!from && task.sharedWithGroups.length > 0 && (
                            <SharedMarker
                              label="Shared"
                              title={`Shared with ${task.sharedWithGroups.map((id) => groupNames.get(id) ?? "another group").join(", ")}`}
                            />
                          )}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        ))}
    </div>
  );
}
