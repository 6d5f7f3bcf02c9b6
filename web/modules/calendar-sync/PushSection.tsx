import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, RefreshCw } from "lucide-react";
import { useId } from "react";
import type { OutsideSource } from "../../../domain/calendar-outside";
import type { PushStatus } from "../../../domain/calendar-push";
import { formatDateTime } from "../../../domain/time-format";
import { errorMessage } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { Section } from "../../components/Section";
import { useOnline } from "../../offline/use-offline";
import { notify } from "../../stores/notifier";
import { appTimeLocale } from "../../stores/time-locale";
import { listSources } from "./api-outside";
import { choosePushCalendar, getPushStatus, pushNow } from "./api-push";
import { calendarKeys } from "./keys";

/**
 * "Tasks in your calendar" on /calendar-settings (docs/calendar.md): choose a calendar of a
 * connected account, and every open task with a deadline becomes an event there, moved when its
 * deadline moves and removed when it is done.
 */
export default function PushSection() {
  return <Push online={useOnline()} />;
}

/** Only accounts can be written to: a subscription is someone else's file. */
function writableCalendars(sources: readonly OutsideSource[]) {
  return sources
    .filter((source) => source.kind !== "ics")
    .flatMap((source) =>
      source.calendars.map((calendar) => ({ id: calendar.id, label: `${calendar.name} (${source.name})` })),
    );
}

function summary(status: PushStatus, locale: string): string {
  const tasks = status.events === 1 ? "1 task is an event" : `${status.events} tasks are events`;
  const when = status.lastPushedAt ? ` Last pushed ${formatDateTime(status.lastPushedAt, locale)}.` : "";
  return `${tasks} in ${status.calendarName ?? "your calendars"}.${when}`;
}

export function Push({ online }: { online: boolean }) {
  const client = useQueryClient();
  const selectId = useId();
  const locale = appTimeLocale();
  const push = useQuery({ queryKey: calendarKeys.push, queryFn: getPushStatus });
  const sources = useQuery({ queryKey: calendarKeys.sources, queryFn: listSources });
  const settle = (status: PushStatus) => {
    client.setQueryData(calendarKeys.push, status);
    void client.invalidateQueries({ queryKey: calendarKeys.connectionStatus });
  };
  const choose = useMutation({
    mutationFn: (calendarId: string | null) => choosePushCalendar(calendarId),
    onSuccess: (status) => {
      settle(status);
      if (!status.ok) return;
      notify.success(
        status.calendarId ? `Your tasks go into ${status.calendarName}` : "Your tasks are out of your calendar",
      );
    },
  });
  const sync = useMutation({ mutationFn: pushNow, onSuccess: settle });
  const calendars = writableCalendars(sources.data?.sources ?? []);
  const status = push.data;
  const busy = choose.isPending || sync.isPending;

  return (
    <Section
      title="Tasks in your calendar"
      description="Put your open tasks with a deadline, from all your groups, into a calendar of a connected account. An event moves when its task's deadline moves and goes when the task is done; edits made to these events in the calendar app give way to the task's next change."
    >
      {(push.isPending || sources.isPending || (push.isError && !status)) && (
        <DataUnavailable
          what="where your tasks go"
          failure="Where your tasks go could not be loaded."
          failed={push.isError}
          onRetry={() => void push.refetch()}
        />
      )}
      {status && sources.data && calendars.length === 0 && status.calendarId === null && (
        <p className="text-sm text-ink-muted">
          Connect a CalDAV account under Outside calendars above (Nextcloud, Fastmail, iCloud, Radicale…), then choose
          one of its calendars here.
        </p>
      )}
      {status && sources.data && (calendars.length > 0 || status.calendarId !== null) && (
        <div className="space-y-3">
          <div className="max-w-md">
            <label htmlFor={selectId} className={labelClass}>
              Put my tasks into
            </label>
            <select
              id={selectId}
              className={inputClass}
              value={status.calendarId ?? ""}
              disabled={!online || busy}
              onChange={(event) => choose.mutate(event.target.value === "" ? null : event.target.value)}
            >
              <option value="">No calendar</option>
              {calendars.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.label}
                </option>
              ))}
            </select>
          </div>
          {(status.calendarId !== null || status.events > 0) && (
            <p role="status" className="flex items-start gap-2 text-sm text-ink-muted">
              <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {summary(status, locale)}
            </p>
          )}
          {status.error && (
            <p role="alert" className="text-sm text-danger">
              Pushing failed. {status.error}. Nothing is lost: it is tried again in a while.
            </p>
          )}
          {(choose.isError || sync.isError) && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(choose.error ?? sync.error)}
            </p>
          )}
          {(status.calendarId !== null || status.events > 0) && (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={!online || busy}
              onClick={() => sync.mutate()}
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${sync.isPending ? "animate-spin" : ""}`} />
              Push now
            </button>
          )}
        </div>
      )}
    </Section>
  );
}
