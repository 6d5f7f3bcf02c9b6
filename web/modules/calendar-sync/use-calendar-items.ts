import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { getProfile } from "../../api/account";
import { useAllTasks } from "../../hooks/use-all-tasks";
import { localTimeZone, wallClock } from "../../scenes/tasks/task-view";
import { errorMessage } from "../../api/http";
import { useOutsideEvents } from "./api-outside";
import { type CalendarItem, eventItems, itemsByDay, taskItem, upcomingItems } from "./calendar-item";

/**
 * The zone the calendar's days and times are in: the profile's (set from the device when the
 * account was made), else the device's until the profile is known. Nothing waits for it.
 */
export function useViewerZone(): string {
  const profile = useQuery({ queryKey: ["profile"], queryFn: getProfile, staleTime: 5 * 60_000 });
  return profile.data?.timeZone ?? localTimeZone();
}

/**
 * Everything the calendar shows, by day in the viewer's zone: the user's tasks with a deadline in
 * all their groups (a repeating one also on its later dates in the range), from the list the device already has (use-all-tasks.ts: offline too, live),
 * and the events of their outside calendars in the shown range (GET /api/calendar/events; kept
 * on the device like every query of the module, so a period seen before shows offline too).
 */
export function useCalendarItems(viewerZone: string, range: { from: string; to: string }) {
  const tasksQuery = useAllTasks();
  const { from, to } = range;
  const eventsQuery = useOutsideEvents(from, to, viewerZone);
  const byDay = useMemo(() => {
    const items: CalendarItem[] = [];
    const today = wallClock(new Date(), viewerZone).slice(0, 10);
    for (const task of tasksQuery.data ?? []) {
      const item = taskItem(task, viewerZone);
      if (item) items.push(item, ...upcomingItems(task, viewerZone, { from, to }, today));
    }
    for (const event of eventsQuery.data?.events ?? []) items.push(...eventItems(event, viewerZone));
    return itemsByDay(items);
  }, [tasksQuery.data, eventsQuery.data, viewerZone, from, to]);
  return { tasksQuery, byDay, eventsNote: eventsNote(eventsQuery) };
}

/** What the page says when outside calendars' events are missing, or null when none are. */
export function eventsNote(
  query: Pick<ReturnType<typeof useOutsideEvents>, "isError" | "data" | "error">,
): string | null {
  if (query.isError && !query.data)
    return `Your outside calendars' events could not be loaded: ${errorMessage(query.error)}`;
  const failed = query.data?.failedCalendarIds?.length ?? 0;
  if (failed > 0) {
    return `${failed === 1 ? "One outside calendar" : `${failed} outside calendars`} could not be read in time, so ${failed === 1 ? "its" : "their"} events are missing.`;
  }
  if (query.data?.incomplete)
    return "Your outside calendars have more events than the calendar shows at once: some are left out.";
  return null;
}
