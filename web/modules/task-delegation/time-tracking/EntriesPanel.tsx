import { useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TimeEntry } from "../../../../domain/time-tracking";
import { formatDuration, localDate, secondsWithin, TIME_MESSAGES } from "../../../../domain/time-rules";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { buttonClass } from "../../../components/form";
import { useTimeLocale } from "../../../hooks/use-me";
import { useNow } from "../../../hooks/use-now";
import { notify } from "../../../stores/notifier";
import { EntryDialog } from "./EntryDialog";
import { sendTimeWrite, useEntries } from "./use-time";
import { dayLabel, viewerZone, type Week } from "./week";

const iconButton =
  "grid size-9 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus";

/** The week's entries by day (newest day first), each with its total; add, edit and delete. */
export function EntriesPanel({ week }: { week: Week }) {
  const client = useQueryClient();
  const locale = useTimeLocale();
  const query = useEntries(week.from, week.to);
  const now = useNow().getTime();
  const [editing, setEditing] = useState<{ entry: TimeEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const zone = viewerZone();
  const today = localDate(now, zone);
  const defaultDate = today >= week.monday && today <= week.sunday ? today : week.monday;

  const days = new Map<string, TimeEntry[]>();
  for (const entry of query.data?.entries ?? []) {
    const day = localDate(Date.parse(entry.startedAt), zone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  const weekSeconds = (query.data?.entries ?? []).reduce(
    (sum, entry) => sum + secondsWithin(entry, Date.parse(week.from), Date.parse(week.to), now),
    0,
  );

  async function remove(entry: TimeEntry) {
    const result = await sendTimeWrite(
      client,
      { method: "DELETE", path: `/api/time/entries/${encodeURIComponent(entry.id)}` },
      `Delete time on "${entry.taskTitle}"`,
    );
    setDeleting(null);
    if (result.ok) notify.success(TIME_MESSAGES.deleted);
    else notify.error(TIME_MESSAGES.failed, { description: result.message });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">
          This week: <span className="font-semibold text-ink tabular-nums">{formatDuration(weekSeconds)}</span>
        </p>
        <button type="button" className={buttonClass.primary} onClick={() => setEditing({ entry: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add entry
        </button>
      </div>

      {!query.data ? (
        <DataUnavailable
          what="your time entries"
          failure={TIME_MESSAGES.loadFailed}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      ) : days.size === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">
          No time tracked this week. Start a timer on a task, or add an entry by hand.
        </p>
      ) : (
        [...days].map(([day, entries]) => (
          <section key={day} aria-label={dayLabel(day, locale)} className="rounded-xl border border-line bg-surface">
            <header className="flex items-center justify-between border-b border-line px-4 py-2.5">
              <h2 className="font-semibold">{dayLabel(day, locale)}</h2>
              <span className="text-sm text-ink-muted tabular-nums">
                {formatDuration(
                  entries.reduce((sum, entry) => sum + secondsWithin(entry, -Infinity, Infinity, now), 0),
                )}
              </span>
            </header>
            <ul className="divide-y divide-line">
              {entries.map((entry) => (
                <li key={entry.id} className="flex items-center gap-3 px-4 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{entry.taskTitle}</p>
                    <p className="truncate text-sm text-ink-muted">
                      {formatTimeOfDay(entry.startedAt, locale)} –{" "}
                      {entry.endedAt ? formatTimeOfDay(entry.endedAt, locale) : "running"}
                      {entry.note && <> · {entry.note}</>}
                    </p>
                  </div>
                  <span className="shrink-0 text-sm font-medium tabular-nums">
                    {formatDuration(secondsWithin(entry, -Infinity, Infinity, now))}
                  </span>
                  {entry.endedAt && (
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Edit entry for ${entry.taskTitle}`}
                      onClick={() => setEditing({ entry })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${iconButton} hover:text-danger`}
                    aria-label={`Delete entry for ${entry.taskTitle}`}
                    onClick={() => setDeleting(entry)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <EntryDialog
        open={editing !== null}
        entry={editing?.entry ?? null}
        defaultDate={defaultDate}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        confirmLabel="Delete entry"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deleting?.taskTitle}: {formatDuration(deleting ? secondsWithin(deleting, -Infinity, Infinity, now) : 0)}.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
