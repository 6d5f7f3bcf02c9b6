import { useQueryClient } from "@tanstack/react-query";
import { Settings2 } from "lucide-react";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CachedTask } from "../../api/tasks";
import { DataUnavailable } from "../../components/DataUnavailable";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useTimeLocale } from "../../hooks/use-me";
import { useNow } from "../../hooks/use-now";
import { useOpenQuickAdd } from "../../stores/quick-add-request";
import { TaskPaneHost } from "../../scenes/tasks/pane/TaskPaneHost";
import { useTaskPane } from "../../scenes/tasks/pane/use-task-pane";
import { setCompleted } from "../../scenes/tasks/task-actions";
import { wallClock } from "../../scenes/tasks/task-view";
import { useRowPickers } from "../../scenes/tasks/use-row-pickers";
import { focusTaskById, type TaskShortcutActions, useTaskShortcuts } from "../../scenes/tasks/use-task-shortcuts";
import { AgendaView } from "./AgendaView";
import type { CalendarControls } from "./calendar-controls";
import { addDays, type CalendarView, periodLabel, periodRange, shiftPeriod } from "./calendar-range";
import { readCalendarUrl, withCalendarUrl } from "./calendar-url";
import { CalendarToolbar } from "./CalendarToolbar";
import { DayPanel } from "./DayPanel";
import { groupLooks, lookOf } from "./group-look";
import { MonthView } from "./MonthView";
import { MoveHint } from "./MoveHint";
import { useCalendarItems, useViewerZone } from "./use-calendar-items";
import { useCalendarKeys } from "./use-calendar-keys";
import { DRAG_GHOST_ID, useDayDrag } from "./use-day-drag";
import { useNarrowScreen } from "./use-narrow-screen";
import { useTaskMoves } from "./use-task-moves";
import { WeekView } from "./WeekView";

const HEADING_ID = "calendar-period";

/**
 * /calendar: the user's tasks with a deadline, in all their groups, by month, week or agenda
 * (docs/calendar.md, "/calendar"). The view and the date are in the address; the tasks are the
 * list the device keeps (offline too), changed through the same writes as the task lists.
 */
export default function CalendarPage() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const zone = useViewerZone();
  const locale = useTimeLocale();
  const today = wallClock(now, zone).slice(0, 10);
  const narrow = useNarrowScreen();
  const { view, date } = readCalendarUrl(params, today, narrow);
  const { tasksQuery, byDay, eventsNote } = useCalendarItems(zone, periodRange(view, date));
  const tasks = useMemo(() => tasksQuery.data ?? [], [tasksQuery.data]);
  const { groups } = useCurrentGroup();
  const looks = useMemo(() => groupLooks(groups), [groups]);
  const [announcement, setAnnouncement] = useState("");
  const pane = useTaskPane();
  const { openDeadline, openPriority, pickers } = useRowPickers(tasks);
  const { move, moveBy } = useTaskMoves(locale, setAnnouncement);
  const openQuickAdd = useOpenQuickAdd();

  function go(next: { view?: CalendarView; date?: string }, { replace = false } = {}) {
    void setParams((current) => withCalendarUrl(current, next), { replace, preventScrollReset: true });
  }

  const drag = useDayDrag((key, fromDay, toDay) => {
    const task = tasks.find((candidate) => `task:${candidate.id}` === key);
    if (task) move(task, fromDay, toDay);
  });

  function toggle(task: CachedTask) {
    setAnnouncement(task.completed ? `${task.title} reopened.` : `${task.title} completed.`);
    return setCompleted(client, task, !task.completed);
  }

  const calendar: CalendarControls = {
    now,
    today,
    locale,
    manyGroups: groups.length > 1,
    groupOf: (task) => lookOf(task, looks),
    open: (task) => pane.open(task.id),
    toggle,
    moveBy(task, fromDay, days) {
      moveBy(task, fromDay, days);
      // The chosen day follows the task in the month and the week, so it stays in sight.
      if (view !== "agenda") go({ date: addDays(fromDay, days) }, { replace: true });
      focusTaskById(task.id);
    },
    pickDeadline: (task, anchor) => openDeadline(task, anchor),
    drag,
  };

  // The task lists' keys on a focused task (x completes, e opens, d its deadline, p its priority).
  const actions = useRef<TaskShortcutActions>({ add: () => {}, help: () => {}, toggle: () => {} });
  useLayoutEffect(() => {
    actions.current = {
      add: openQuickAdd,
      help: () => {},
      toggle: (task) => void toggle(task),
      open: (task) => pane.open(task.id),
      deadline: (task) => openDeadline(task),
      priority: (task) => openPriority(task),
    };
  });
  useTaskShortcuts(tasks, actions);
  useCalendarKeys({
    today: () => go({ date: today }),
    view: (next) => go({ view: next }),
  });

  function showDay(day: string) {
    go({ date: day }, { replace: true });
    requestAnimationFrame(() => {
      const heading = document.getElementById("calendar-day-heading");
      heading?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      heading?.focus({ preventScroll: true });
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Calendar</h1>
          <p className="mt-1 hidden text-ink-muted sm:block">Your tasks with a deadline, in all your groups.</p>
        </div>
        <Link
          to="/calendar-settings"
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand underline-offset-2 hover:underline sm:ml-0"
        >
          <Settings2 aria-hidden="true" className="size-4" />
          Subscribe in your calendar app
        </Link>
      </div>

      <CalendarToolbar
        view={view}
        period={periodLabel(view, date, locale)}
        headingId={HEADING_ID}
        onStep={(step) => go({ date: shiftPeriod(view, date, step) })}
        onToday={() => go({ date: today })}
        onView={(next) => go({ view: next })}
      />

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {eventsNote && (
        <p className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm text-ink-muted">
          {eventsNote}{" "}
          <Link to="/calendar-settings" className="font-medium text-brand underline underline-offset-2">
            Calendar settings
          </Link>
        </p>
      )}

      {tasksQuery.isPending && !tasksQuery.data && (
        <div role="status" aria-label="Loading tasks…" className="h-96 animate-pulse rounded-xl bg-surface-muted" />
      )}
      {!tasksQuery.data && !tasksQuery.isPending && (
        <DataUnavailable
          what="your tasks"
          failure="Failed to load tasks."
          failed={tasksQuery.isError}
          onRetry={() => void tasksQuery.refetch()}
        />
      )}

      {tasksQuery.data && view === "month" && (
        <>
          <MonthView
            date={date}
            byDay={byDay}
            calendar={calendar}
            labelledBy={HEADING_ID}
            onChoose={(day) => {
              go({ date: day }, { replace: true });
              // A phone lists the day under the grid: bring the list into sight.
              if (narrow)
                requestAnimationFrame(() =>
                  document.getElementById("calendar-day")?.scrollIntoView({ block: "nearest", behavior: "smooth" }),
                );
            }}
            onOpenDay={(day) => go({ view: "agenda", date: day })}
            onShowDay={showDay}
          />
          <MoveHint />
          <DayPanel day={date} items={byDay.get(date) ?? []} calendar={calendar} />
        </>
      )}
      {tasksQuery.data && view === "week" && (
        <>
          <WeekView date={date} byDay={byDay} calendar={calendar} />
          <MoveHint />
        </>
      )}
      {tasksQuery.data && view === "agenda" && <AgendaView date={date} byDay={byDay} calendar={calendar} />}

      {drag.shown && (
        <div
          id={DRAG_GHOST_ID}
          aria-hidden="true"
          className="pointer-events-none fixed top-0 left-0 z-50 max-w-56 truncate rounded-lg border border-brand bg-surface px-2.5 py-1.5 text-sm font-medium text-ink shadow-xl"
        >
          {drag.shown.title}
        </div>
      )}
      {pickers}
      <TaskPaneHost />
    </div>
  );
}
