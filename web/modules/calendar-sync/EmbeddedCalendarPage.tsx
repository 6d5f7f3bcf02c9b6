import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarSearch, RefreshCw, Settings2 } from "lucide-react";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router";
import type { OutsideSource } from "../../../domain/calendar-outside";
import { formatDateTime } from "../../../domain/time-format";
import { errorMessage } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { useTimeLocale } from "../../hooks/use-me";
import { useNow } from "../../hooks/use-now";
import { wallClock } from "../../scenes/tasks/task-view";
import { notify } from "../../stores/notifier";
import { AgendaView } from "./AgendaView";
import { listSources, refetchOutside, refreshSource, useOutsideEvents } from "./api-outside";
import type { CalendarControls } from "./calendar-controls";
import { eventItems, itemsByDay } from "./calendar-item";
import { type CalendarView, periodLabel, periodRange, shiftPeriod } from "./calendar-range";
import { readCalendarUrl, withCalendarUrl } from "./calendar-url";
import { CalendarToolbar } from "./CalendarToolbar";
import { DayPanel } from "./DayPanel";
import { pickCalendar, readRemembered, remember } from "./embedded-choice";
import { calendarKeys } from "./keys";
import { MonthView } from "./MonthView";
import { eventsNote, useViewerZone } from "./use-calendar-items";
import { useCalendarKeys } from "./use-calendar-keys";
import { useDayDrag } from "./use-day-drag";
import { useNarrowScreen } from "./use-narrow-screen";
import { WeekView } from "./WeekView";

const HEADING_ID = "outside-calendar-period";

const linkClass = "font-medium text-brand underline underline-offset-2";

/**
 * /embedded-google-calendar: one outside calendar of the user's (docs/calendar.md, "Outside
 * calendars"), full page and without the tasks: a Google calendar read through its secret iCal
 * address, or any other subscription or CalDAV calendar. The calendar is in the address
 * (?calendar=), so the page can be bookmarked, and the last one chosen is kept on the device.
 */
export default function EmbeddedCalendarPage() {
  const sources = useQuery({ queryKey: calendarKeys.sources, queryFn: listSources });
  const list = sources.data?.sources;

  return (
    <div className="space-y-4">
      {list === undefined && (
        <>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Outside calendar</h1>
          {sources.isPending && (
            <div
              role="status"
              aria-label="Loading your outside calendars…"
              className="h-96 animate-pulse rounded-xl bg-surface-muted"
            />
          )}
          {!sources.isPending && (
            <DataUnavailable
              what="your outside calendars"
              failure="Your outside calendars could not be loaded."
              failed={sources.isError}
              onRetry={() => void sources.refetch()}
            />
          )}
        </>
      )}
      {list !== undefined && list.every((source) => source.calendars.length === 0) && <NoOutsideCalendars />}
      {list !== undefined && list.some((source) => source.calendars.length > 0) && <OneCalendar sources={list} />}
    </div>
  );
}

function NoOutsideCalendars() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Outside calendar</h1>
      <section className="rounded-xl border border-dashed border-line px-4 py-8 text-center sm:px-8">
        <CalendarSearch aria-hidden="true" className="mx-auto size-10 text-ink-muted" />
        <h2 className="mt-3 text-lg font-semibold">No outside calendars yet</h2>
        <p className="mx-auto mt-2 max-w-prose text-sm text-ink-muted">
          This page shows one calendar from elsewhere, such as your Google calendar, on its own and full size. Add it
          first on{" "}
          <Link to="/calendar-settings" className={linkClass}>
            Calendar settings
          </Link>
          , under Outside calendars, with its address (.ics or webcal://) or a CalDAV account.
        </p>
        <p className="mx-auto mt-2 max-w-prose text-sm text-ink-muted">
          For Google, use its secret address in iCal format:{" "}
          <Link to="/google-calendar" className={linkClass}>
            how to find your Google calendar&apos;s address
          </Link>
          .
        </p>
        <Link to="/calendar-settings" className={`${buttonClass.primary} mt-5`}>
          <Settings2 aria-hidden="true" className="size-4" />
          Add an outside calendar
        </Link>
      </section>
    </>
  );
}

function OneCalendar({ sources }: { sources: OutsideSource[] }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const now = useNow();
  const zone = useViewerZone();
  const locale = useTimeLocale();
  const today = wallClock(now, zone).slice(0, 10);
  const narrow = useNarrowScreen();
  const pickerId = useId();
  const { view, date } = readCalendarUrl(params, today, narrow);
  const asked = params.get("calendar");
  const { chosen, missing } = pickCalendar(sources, asked, readRemembered());
  const { source, calendar } = chosen;
  const calendarId = calendar.id;
  const range = periodRange(view, date);
  const eventsQuery = useOutsideEvents(range.from, range.to, zone, { calendarId: calendar.id });
  // The server answers the one calendar asked for; the filter keeps it so whatever it sends.
  const byDay = itemsByDay(
    (eventsQuery.data?.events ?? [])
      .filter((event) => event.calendarId === calendarId)
      .flatMap((event) => eventItems(event, zone)),
  );
  const note = eventsNote(eventsQuery);

  // What is shown is what the device remembers for a visit without ?calendar=.
  useEffect(() => remember(calendar.id), [calendar.id]);

  function go(next: { view?: CalendarView; date?: string; calendar?: string }, { replace = false } = {}) {
    void setParams(
      (current) => {
        const result = withCalendarUrl(current, next);
        if (next.calendar) result.set("calendar", next.calendar);
        return result;
      },
      { replace, preventScrollReset: true },
    );
  }

  // The address names the calendar shown, so a bookmark of it brings the same one back.
  useEffect(() => {
    if (asked === null) go({ calendar: calendar.id }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address has none
  }, [asked, calendar.id]);

  const refresh = useMutation({
    mutationFn: () => refreshSource(source.id),
    onSuccess: () => refetchOutside(client),
    onError: (error) => notify.error(errorMessage(error)),
  });

  // Events are read only here: nothing to complete, open or move.
  const drag = useDayDrag(() => {});
  const controls: CalendarControls = {
    now,
    today,
    locale,
    manyGroups: false,
    groupOf: () => undefined,
    open: () => {},
    toggle: async () => {},
    moveBy: () => {},
    pickDeadline: () => {},
    drag,
  };

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

  const { status } = source;
  const withCalendars = sources.filter((entry) => entry.calendars.length > 0);

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Outside calendar</h1>
          <p className="mt-1 text-sm text-ink-muted">
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block size-2.5 rounded-sm align-baseline"
              style={{ backgroundColor: calendar.color }}
            />
            {calendar.name === source.name ? source.name : `${calendar.name}, in ${source.name}`}
            {!calendar.selected && " (hidden on your Calendar page, shown here)"}
          </p>
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor={pickerId} className={labelClass}>
            Calendar
          </label>
          <select
            id={pickerId}
            value={calendar.id}
            onChange={(event) => go({ calendar: event.target.value })}
            className={inputClass}
          >
            {withCalendars.map((entry) => (
              <optgroup key={entry.id} label={entry.status.ok ? entry.name : `${entry.name} (not working)`}>
                {entry.calendars.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>

      {missing && (
        <p role="status" className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm text-ink-muted">
          The calendar in this address is not among your outside calendars (any more): showing {calendar.name} instead.
        </p>
      )}

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <p className={`min-w-0 flex-1 ${status.ok ? "text-ink-muted" : "text-danger"}`}>
          {status.ok ? "Working." : `Not working: ${status.error ?? "not synced yet"}.`}{" "}
          {status.lastSyncedAt ? `Last synced ${formatDateTime(status.lastSyncedAt, locale)}.` : "Never synced."}
          {!status.ok && status.lastSyncedAt && " The events from then are still shown."}{" "}
          <Link to="/calendar-settings" className={linkClass}>
            Calendar settings
          </Link>
        </p>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${refresh.isPending ? "animate-spin" : ""}`} />
          {refresh.isPending ? "Refreshing…" : "Refresh"}
        </button>
      </div>

      <CalendarToolbar
        view={view}
        period={periodLabel(view, date, locale)}
        headingId={HEADING_ID}
        onStep={(step) => go({ date: shiftPeriod(view, date, step) })}
        onToday={() => go({ date: today })}
        onView={(next) => go({ view: next })}
      />

      {note && (
        <p className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm text-ink-muted">{note}</p>
      )}
      {eventsQuery.isPending && (
        <div role="status" aria-label="Loading events…" className="h-96 animate-pulse rounded-xl bg-surface-muted" />
      )}

      {!eventsQuery.isPending && view === "month" && (
        <>
          <MonthView
            date={date}
            byDay={byDay}
            calendar={controls}
            labelledBy={HEADING_ID}
            onChoose={(day) => {
              go({ date: day }, { replace: true });
              if (narrow)
                requestAnimationFrame(() =>
                  document.getElementById("calendar-day")?.scrollIntoView({ block: "nearest", behavior: "smooth" }),
                );
            }}
            onOpenDay={(day) => go({ view: "agenda", date: day })}
            onShowDay={showDay}
          />
          <DayPanel day={date} items={byDay.get(date) ?? []} calendar={controls} />
        </>
      )}
      {!eventsQuery.isPending && view === "week" && <WeekView date={date} byDay={byDay} calendar={controls} />}
      {!eventsQuery.isPending && view === "agenda" && (
        <AgendaView date={date} byDay={byDay} calendar={controls} empty={null} />
      )}
    </>
  );
}
