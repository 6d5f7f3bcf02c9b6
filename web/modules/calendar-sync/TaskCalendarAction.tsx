import { useMutation, useQuery } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import type { Task } from "../../../domain/tasks";
import { errorMessage } from "../../api/http";
import { buttonClass } from "../../components/form";
import { notify } from "../../stores/notifier";
import { listSources } from "./api-outside";
import { createEvent, getPushStatus } from "./api-push";
import { calendarKeys } from "./keys";

/**
 * In a task's editor: the task in one of the user's connected calendars (the events POST,
 * docs/calendar.md, "Tasks in your calendar"). Says so when every dated task goes to a calendar
 * already; shows nothing to a user without an account calendar, or for a task without a deadline.
 */
export default function TaskCalendarAction({ task }: { task: Task }) {
  const dated = task.deadline !== null && !task.completed;
  const push = useQuery({ queryKey: calendarKeys.push, queryFn: getPushStatus, enabled: dated, staleTime: 60_000 });
  const sources = useQuery({ queryKey: calendarKeys.sources, queryFn: listSources, enabled: dated, staleTime: 60_000 });
  const add = useMutation({
    mutationFn: (calendarId: string) => createEvent({ taskId: task.id, calendarId }),
  });
  if (!dated || !push.data || !sources.data) return null;
  const calendars = sources.data.sources
    .filter((source) => source.kind !== "ics")
    .flatMap((source) =>
      source.calendars.map((calendar) => ({ id: calendar.id, label: `${calendar.name} (${source.name})` })),
    );
  if (calendars.length === 0) return null;
  if (push.data.calendarId) {
    return (
      <p className="flex items-start gap-2 text-sm text-ink-muted">
        <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          In your calendar {push.data.calendarName}, with your other tasks that have a deadline (
          <Link to="/calendar-settings" className="underline">
            calendar settings
          </Link>
          ).
        </span>
      </p>
    );
  }
  const added = add.isSuccess ? calendars.find((calendar) => calendar.id === add.variables) : undefined;
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 text-sm font-semibold">
        <CalendarCheck aria-hidden="true" className="size-4" />
        Add to calendar
      </p>
      <div className="flex flex-wrap gap-2">
        {calendars.map((calendar) => (
          <button
            key={calendar.id}
            type="button"
            className={buttonClass.secondary}
            disabled={add.isPending}
            onClick={() => add.mutate(calendar.id, { onSuccess: () => notify.success(`Added to ${calendar.label}`) })}
          >
            {calendar.label}
          </button>
        ))}
      </div>
      {added && (
        <p role="status" className="text-xs text-ink-muted">
          In {added.label}: the event moves when the deadline moves and goes when the task is done.
        </p>
      )}
      {add.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(add.error)}
        </p>
      )}
    </div>
  );
}
