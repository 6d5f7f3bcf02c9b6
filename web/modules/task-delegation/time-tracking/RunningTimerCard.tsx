import { useQueryClient } from "@tanstack/react-query";
import { Square, TimerOff } from "lucide-react";
import { formatElapsed } from "../../../../domain/time-rules";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { buttonClass } from "../../../components/form";
import { useTimeLocale } from "../../../hooks/use-me";
import { useNow } from "../../../hooks/use-now";
import { stopTimer, useTimer } from "./use-time";

/** The page's view of the running timer: its task, since when, the clock, and Stop. */
export function RunningTimerCard() {
  const client = useQueryClient();
  const locale = useTimeLocale();
  const { data } = useTimer();
  const timer = data?.timer ?? null;
  const now = useNow(timer ? 1000 : 60_000);
  if (!timer)
    return (
      <section
        aria-label="Running timer"
        className="flex items-center gap-3 rounded-xl border border-dashed border-line bg-surface p-4 text-sm text-ink-muted"
      >
        <TimerOff aria-hidden="true" className="size-5 shrink-0" />
        <p>No timer is running. Start one from a task’s editor with “Start timer”.</p>
      </section>
    );
  return (
    <section
      aria-label="Running timer"
      className="flex flex-col gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <div className="min-w-0 sm:flex-1">
        <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Running</p>
        <p className="truncate text-lg font-semibold">{timer.taskTitle}</p>
        <p className="text-sm text-ink-muted">Since {formatTimeOfDay(timer.startedAt, locale)}</p>
      </div>
      <div className="flex items-center justify-between gap-4">
        <p className="font-mono text-3xl font-semibold tabular-nums">
          {formatElapsed((now.getTime() - Date.parse(timer.startedAt)) / 1000)}
        </p>
        <button type="button" className={buttonClass.danger} onClick={() => void stopTimer(client, timer)}>
          <Square aria-hidden="true" className="size-4 fill-current" />
          Stop timer
        </button>
      </div>
    </section>
  );
}
