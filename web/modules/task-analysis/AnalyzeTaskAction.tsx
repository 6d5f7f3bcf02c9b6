import { useQuery } from "@tanstack/react-query";
import { ChartNoAxesColumn, ChevronDown } from "lucide-react";
import { useState } from "react";
import { ANALYSIS_MESSAGES, formatMinutes } from "../../../domain/analysis-rules";
import type { TaskAnalysis } from "../../../domain/analysis";
import type { Task } from "../../../domain/tasks";
import { errorMessage } from "../../api/http";
import { analysisKeys, analyzeTask } from "./api";
import { plural } from "./labels";

/**
 * In a task's editor: "Analyze" opens the task's age, postponements and the time similar finished
 * tasks took. Asked of the server only when opened (analyze-task reads the group's tasks).
 */
export default function AnalyzeTaskAction({ task }: { task: Task }) {
  const [open, setOpen] = useState(false);
  const analysis = useQuery({
    queryKey: analysisKeys.task(task.id),
    queryFn: () => analyzeTask(task.id),
    enabled: open,
  });
  return (
    <details
      className="group rounded-lg border border-line bg-surface"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
        <ChartNoAxesColumn aria-hidden="true" className="size-4" />
        <span className="flex-1">Analyze</span>
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-line px-4 py-3 text-sm" aria-live="polite">
        {analysis.data ? (
          <Facts facts={analysis.data} hasDeadline={task.deadline !== null} />
        ) : analysis.isError ? (
          <p role="alert" className="text-danger">
            {ANALYSIS_MESSAGES.analyzeFailed} {errorMessage(analysis.error)}{" "}
            <button type="button" className="font-semibold underline" onClick={() => void analysis.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <p className="text-ink-muted">Analyzing…</p>
        )}
      </div>
    </details>
  );
}

function Facts({ facts, hasDeadline }: { facts: TaskAnalysis; hasDeadline: boolean }) {
  const age = facts.ageDays === 0 ? "Added today" : `${plural(facts.ageDays, "day")} old`;
  const postponed =
    facts.postponements === 0
      ? hasDeadline
        ? "Never postponed"
        : "No deadline"
      : `Postponed ${plural(facts.postponements, "time")}, ${plural(facts.deadlineMovedByDays, "day")} later in all`;
  const tracked =
    facts.estimateMinutes === null
      ? formatMinutes(facts.trackedMinutes)
      : `${formatMinutes(facts.trackedMinutes)} of ${formatMinutes(facts.estimateMinutes)} estimated`;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-ink-muted">Age</dt>
        <dd>{age}</dd>
        <dt className="text-ink-muted">Deadline</dt>
        <dd>{postponed}</dd>
        <dt className="text-ink-muted">Tracked</dt>
        <dd>{tracked}</dd>
      </dl>
      {facts.similarTasks.length === 0 ? (
        <p className="text-ink-muted">
          No similar finished tasks with tracked time yet: they appear here once tasks like this one are done.
        </p>
      ) : (
        <div>
          <p className="font-medium">Similar tasks took {formatMinutes(facts.medianMinutesOfSimilar ?? 0)} (median)</p>
          <ul className="mt-1 space-y-0.5">
            {facts.similarTasks.map((similar) => (
              <li key={similar.id} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{similar.title}</span>
                <span className="shrink-0 text-ink-muted tabular-nums">{formatMinutes(similar.minutes)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {facts.suggestion && <p className="rounded-md bg-brand-soft px-3 py-2">{facts.suggestion}</p>}
    </div>
  );
}
