import { useQueryClient } from "@tanstack/react-query";
import { Play, Square, Timer } from "lucide-react";
import { useId, useState } from "react";
import type { Task } from "../../../../domain/tasks";
import { formatDuration, parseDuration, TIME_MESSAGES } from "../../../../domain/time-rules";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { useMe } from "../../../hooks/use-me";
import { useNow } from "../../../hooks/use-now";
import { notify } from "../../../stores/notifier";
import { saveEstimate, startTimer, stopTimer, useTaskTime, useTimer } from "./use-time";

/** "1h 30m" for 90 minutes: what the estimate field shows. */
const estimateText = (minutes: number | null | undefined) => (minutes ? formatDuration(minutes * 60) : "");

/**
 * In a task's editor: start or stop its timer, the time spent on it so far (the caller's, or
 * everyone's for the group's owner), and its estimate in minutes or as "1h 30m".
 */
export default function TimerControls({ task }: { task: Task }) {
  const client = useQueryClient();
  const me = useMe();
  const { data: timerData } = useTimer();
  const { data: time, dataUpdatedAt } = useTaskTime(task.id);
  const timer = timerData?.timer ?? null;
  const runningHere = timer?.taskId === task.id;
  const now = useNow(runningHere ? 1000 : 60_000);
  // The server counted a running timer up to its answer; the time since is counted here.
  const countedUntil = runningHere ? Math.max(dataUpdatedAt, Date.parse(timer.startedAt)) : 0;
  const spentNow = (time?.spentSeconds ?? 0) + (runningHere ? Math.max(0, (now.getTime() - countedUntil) / 1000) : 0);

  return (
    <div className="space-y-3 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        {runningHere ? (
          <button
            type="button"
            className={`${buttonClass.secondary} flex-1`}
            onClick={() => void stopTimer(client, timer)}
          >
            <Square aria-hidden="true" className="size-4 fill-current text-danger" />
            Stop timer
          </button>
        ) : (
          <button
            type="button"
            className={`${buttonClass.secondary} flex-1`}
            disabled={!me}
            onClick={() => me && void startTimer(client, task, me.id)}
          >
            <Play aria-hidden="true" className="size-4 fill-current text-brand" />
            Start timer
          </button>
        )}
        <p className="flex items-center gap-1.5 text-sm text-ink-muted" aria-live="polite">
          <Timer aria-hidden="true" className="size-4" />
          <span>
            Spent <span className="font-medium text-ink tabular-nums">{formatDuration(spentNow)}</span>
          </span>
        </p>
      </div>
      {timer && !runningHere && (
        <p className="text-xs text-ink-muted">Starting stops the timer on “{timer.taskTitle}”.</p>
      )}
      {/* A new estimate (saved here or on another device) starts the field afresh. */}
      <EstimateField
        key={time?.estimateMinutes ?? "none"}
        task={task}
        minutes={time?.estimateMinutes ?? null}
        spentSeconds={spentNow}
      />
    </div>
  );
}

function EstimateField({ task, minutes, spentSeconds }: { task: Task; minutes: number | null; spentSeconds: number }) {
  const client = useQueryClient();
  const id = useId();
  const [text, setText] = useState(estimateText(minutes));
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const value = text.trim();
    const wanted = value === "" ? null : parseDuration(value);
    if (value !== "" && wanted === null) {
      setError(TIME_MESSAGES.badDuration);
      return;
    }
    setError(null);
    if (wanted === minutes) return;
    const result = await saveEstimate(client, task.id, task.title, wanted);
    if (!result.ok) {
      setError(result.message);
      notify.error(TIME_MESSAGES.failed, { description: result.message });
    }
  }

  const share = minutes ? Math.round((spentSeconds / 60 / minutes) * 100) : null;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Estimate
      </label>
      <input
        id={id}
        value={text}
        readOnly={!task.abilities.edit}
        placeholder="e.g. 1h 30m"
        inputMode="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void save();
          }
        }}
        className={inputClass}
      />
      <p
        id={`${id}-hint`}
        className={`mt-1 text-xs ${error ? "text-danger" : "text-ink-muted"}`}
        role={error ? "alert" : undefined}
      >
        {error ??
          (share === null
            ? "Minutes, or hours and minutes like 1h 30m."
            : `${share}% of the estimate used${share > 100 ? ": over the estimate" : ""}.`)}
      </p>
    </div>
  );
}
