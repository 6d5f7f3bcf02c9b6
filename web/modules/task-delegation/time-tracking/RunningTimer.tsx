import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import type { TimeEntry } from "../../../../domain/time-tracking";
import { formatElapsed } from "../../../../domain/time-clock";
import { useNow } from "../../../hooks/use-now";
import { useTimer } from "./timer-query";
import type * as TimeWrites from "./use-time";

/**
 * In the app header on every page and device: the running timer's task and elapsed time, and a
 * Stop button. Nothing while no timer runs. The clock has a fixed width and the title truncates,
 * so ticking never moves the header's other buttons; on a phone only the clock shows.
 */
/**
 * The writes load once a timer shows, not with the page (the chip comes with every page), and
 * are kept: Stop must work offline, when no chunk can be fetched any more.
 */
let writes: Promise<typeof TimeWrites> | null = null;
function loadWrites() {
  writes ??= import("./use-time").catch((error: unknown) => {
    writes = null;
    throw error;
  });
  return writes;
}

async function stop(client: QueryClient, timer: TimeEntry): Promise<void> {
  const { stopTimer } = await loadWrites();
  await stopTimer(client, timer);
}

export default function RunningTimer() {
  const { data } = useTimer();
  const timer = data?.timer;
  return timer ? <TimerChip timer={timer} /> : null;
}

function TimerChip({ timer }: { timer: TimeEntry }) {
  const client = useQueryClient();
  const now = useNow(1000);
  useEffect(() => {
    void loadWrites().catch(() => undefined);
  }, []);
  const elapsed = formatElapsed((now.getTime() - Date.parse(timer.startedAt)) / 1000);
  return (
    <div
      role="group"
      aria-label={`Timer running on ${timer.taskTitle}`}
      className="flex h-9 items-center rounded-full border border-brand/40 bg-brand-soft pl-1 text-sm text-ink"
    >
      <Link
        to="/time-tracking"
        className="flex min-w-0 items-center gap-1.5 rounded-full px-2 py-1 focus-visible:outline-3 focus-visible:outline-focus"
        aria-label={`${timer.taskTitle}, ${elapsed}: open time tracking`}
      >
        <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-brand" />
        <span className="hidden max-w-40 truncate font-medium sm:inline">{timer.taskTitle}</span>
        <time
          dateTime={`PT${Math.max(0, Math.floor((now.getTime() - Date.parse(timer.startedAt)) / 1000))}S`}
          className="w-[7ch] text-right font-mono tabular-nums"
        >
          {elapsed}
        </time>
      </Link>
      <button
        type="button"
        onClick={() => void stop(client, timer)}
        aria-label={`Stop timer on ${timer.taskTitle}`}
        className="grid size-9 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-danger focus-visible:outline-3 focus-visible:outline-focus"
      >
        <span aria-hidden="true" className="size-3 rounded-[2px] bg-current" />
      </button>
    </div>
  );
}
