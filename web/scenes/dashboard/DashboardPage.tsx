import { CATEGORY_COLOR_CLASSES } from "../../components/category-colors";
import { AlarmClock, CalendarCheck, CircleCheckBig, ListTodo, type LucideIcon } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { categoryLook } from "../../../domain/category-rules";
import type { Task } from "../../../domain/tasks";
import { DataUnavailable } from "../../components/DataUnavailable";
import { GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { useAllTasks } from "../../hooks/use-all-tasks";
import { useCategoriesOfTaskGroups } from "../../hooks/use-group-categories";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { useNow } from "../../hooks/use-now";
import { useGroupTasks } from "../../hooks/use-tasks";
import { DashboardWidgets } from "../../modules/slots";
import { useOnline } from "../../offline/use-offline";
import { CategoryBadge } from "../tasks/CategoryChip";
import { memberNames, UNKNOWN_OWNER } from "./people";
import { type Count, filterSearch, firstDayOfWeek, startOfWeek, type TaskFilter, taskStats } from "./task-stats";

type Scope = "group" | "all";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const listLink = (filter: Partial<TaskFilter>) => `/group-tasks${filterSearch(filter)}`;

/** /dashboard: how things stand in the current group, or in all the user's groups; live. */
export default function DashboardPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const scope: Scope = params.get("scope") === "all" ? "all" : "group";
  const { current, groups, isPending: groupsPending, isError: groupsError, retry: retryGroups } = useCurrentGroup();
  const online = useOnline();
  const groupTasks = useGroupTasks(scope === "group" ? current?.id : undefined);
  const allTasks = useAllTasks({ enabled: scope === "all" });
  const now = useNow();

  const groupIds = useMemo(
    () => (scope === "all" ? groups.map((group) => group.id) : current ? [current.id] : []),
    [scope, groups, current],
  );
  const tasks: Task[] | undefined = scope === "all" ? allTasks.data : groupTasks.data?.tasks;
  const categoriesByGroup = useCategoriesOfTaskGroups(groupIds, tasks);
  // The user's groups' categories first, then those of the groups tasks are shared in from.
  const categories = useMemo(() => [...categoriesByGroup.values()].flat(), [categoriesByGroup]);
  const names = useMemo(() => memberNames(groups, me?.id), [groups, me?.id]);

  const loading = scope === "all" ? allTasks.isPending : groupsPending || groupTasks.isPending;
  // Failed with nothing to show: tasks the cache has (restored from the device) still count.
  const failed = scope === "all" ? allTasks.isError : groupsError || groupTasks.isError;
  const stats = useMemo(() => {
    if (!tasks) return null;
    const weekStart = startOfWeek(now, firstDayOfWeek());
    // The first group's place wins for ids every group has (the defaults).
    const order = new Map<string, number>();
    categories.forEach((category, index) => {
      if (!order.has(category.id)) order.set(category.id, index);
    });
    return taskStats(tasks, now, weekStart, (id) => order.get(id) ?? Number.MAX_SAFE_INTEGER);
  }, [tasks, now, categories]);

  const base: Partial<TaskFilter> = scope === "group" && current ? { group: current.id } : {};

  function chooseScope(next: Scope) {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "all") updated.set("scope", "all");
        else updated.delete("scope");
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="mt-1 flex items-center gap-1.5 text-ink-muted">
            {scope === "all" ? (
              <>Every task you can see, across {plural(groups.length, "group")}.</>
            ) : current ? (
              <>
                <GroupIcon type={current.type} className="size-4" />
                <span>
                  <span className="font-medium text-ink">{current.name}</span>: its tasks and those shared with it.
                </span>
              </>
            ) : (
              "Your current group."
            )}
          </p>
        </div>
        <fieldset className="flex rounded-lg border border-line bg-surface-muted p-1">
          <legend className="sr-only">Show the tasks of</legend>
          {(
            [
              ["group", "This group"],
              ["all", "All my groups"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name="dashboard-scope"
                value={value}
                checked={scope === value}
                onChange={() => chooseScope(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>

      <DashboardWidgets />

      {!tasks && (
        <DataUnavailable
          what="your tasks"
          failure="Failed to load tasks."
          failed={failed}
          onRetry={() => {
            if (scope === "all") void allTasks.refetch();
            else if (groupsError) retryGroups();
            else void groupTasks.refetch();
          }}
        />
      )}
      {!tasks && loading && !failed && online && (
        <p role="status" className="text-ink-muted">
          Loading tasks…
        </p>
      )}

      {stats && (
        <>
          <ul aria-label="Task counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              to={listLink({ ...base, status: "open" })}
              count={stats.open}
              label="Open"
              Icon={ListTodo}
              tone="brand"
            />
            <StatCard
              to={listLink({ ...base, status: "open", due: "today" })}
              count={stats.dueToday}
              label="Due today"
              Icon={CalendarCheck}
              tone="brand"
            />
            <StatCard
              to={listLink({ ...base, status: "open", due: "overdue" })}
              count={stats.overdue}
              label="Overdue"
              Icon={AlarmClock}
              tone={stats.overdue > 0 ? "danger" : "brand"}
            />
            <StatCard
              to={listLink({ ...base, status: "completed", completed: "week" })}
              count={stats.completedThisWeek}
              label="Completed this week"
              Icon={CircleCheckBig}
              tone="success"
            />
          </ul>

          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Open tasks by category">
              <CountList
                label="Open tasks by category"
                counts={stats.byCategory}
                empty="No open tasks."
                render={(id) => {
                  const category = categoryLook(categories, id);
                  return {
                    to: listLink({ ...base, status: "open", category: id }),
                    name: category.label,
                    badge: <CategoryBadge category={category} size="md" />,
                    bar: CATEGORY_COLOR_CLASSES[category.color] ?? "bg-gray-500",
                  };
                }}
              />
            </Section>
            <Section title="Open tasks by member">
              <CountList
                label="Open tasks by member"
                counts={stats.byOwner}
                empty="No open tasks."
                render={(id) => ({
                  to: listLink({ ...base, status: "open", owner: id }),
                  name: names.get(id) ?? UNKNOWN_OWNER,
                  badge: (
                    <span
                      aria-hidden="true"
                      className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-soft text-xs font-semibold text-ink"
                    >
                      {(names.get(id) ?? "?").slice(0, 1).toUpperCase()}
                    </span>
                  ),
                  bar: "bg-brand",
                })}
              />
            </Section>
          </div>
        </>
      )}
    </div>
  );
}

const TONES = {
  brand: "text-brand",
  danger: "text-danger",
  success: "text-success",
} as const;

function StatCard({
  to,
  count,
  label,
  Icon,
  tone,
}: {
  to: string;
  count: number;
  label: string;
  Icon: LucideIcon;
  tone: keyof typeof TONES;
}) {
  return (
    <li>
      <Link
        to={to}
        aria-label={`${label}: ${count}`}
        className={`flex h-full flex-col gap-2 rounded-xl border bg-surface p-4 shadow-sm hover:bg-surface-muted sm:p-5 ${tone === "danger" ? "border-danger/40" : "border-line"}`}
      >
        <Icon aria-hidden="true" className={`size-5 ${TONES[tone]}`} />
        <span className={`text-3xl font-bold tabular-nums ${tone === "danger" ? "text-danger" : "text-ink"}`}>
          {count}
        </span>
        <span className="text-sm font-medium text-ink-muted">{label}</span>
      </Link>
    </li>
  );
}

function CountList({
  label,
  counts,
  empty,
  render,
}: {
  label: string;
  counts: Count[];
  empty: string;
  render: (id: string) => { to: string; name: string; badge: ReactNode; bar: string };
}) {
  if (counts.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  const most = Math.max(...counts.map((entry) => entry.count));
  return (
    <ul aria-label={label} className="space-y-1">
      {counts.map(({ id, count }) => {
        const { to, name, badge, bar } = render(id);
        return (
          <li key={id}>
            <Link to={to} className="block rounded-lg px-2 py-2 hover:bg-surface-muted">
              <span className="flex items-center gap-3">
                {badge}
                <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                <span className="font-semibold tabular-nums">
                  {count}
                  <span className="sr-only"> open {count === 1 ? "task" : "tasks"}</span>
                </span>
              </span>
              <span aria-hidden="true" className="mt-1.5 ml-9 block h-1.5 rounded-full bg-line">
                <span className={`block h-full rounded-full ${bar}`} style={{ width: `${(count / most) * 100}%` }} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
