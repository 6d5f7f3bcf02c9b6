import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Lightbulb } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { ANALYSIS_MESSAGES, ANALYSIS_PERIODS, formatMinutes } from "../../../domain/analysis-rules";
import type { GroupAnalysis } from "../../../domain/analysis";
import { DataUnavailable } from "../../components/DataUnavailable";
import { Section } from "../../components/Section";
import { useCurrentGroup } from "../../hooks/use-groups";
import { taskPath } from "../../hooks/use-mobile";
import { analysisKeys, deviceTimeZone, getGroupAnalysis } from "./api";
import { BusyDaysChart, CategoryChart, OverdueTrendChart } from "./charts";
import { percent, plural, shortDay, WEEKDAYS } from "./labels";

const selectClass =
  "mt-1 block w-full rounded-lg border border-line bg-canvas px-2.5 py-2 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus";

/** /analysis-settings: how a group, or one member of it, did over the last weeks, and what to re-plan. */
export default function AnalysisPage() {
  const { current, groups, isError: groupsFailed, retry } = useCurrentGroup();
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [member, setMember] = useState<string | null>(null);
  const [weeks, setWeeks] = useState<number>(ANALYSIS_PERIODS[0]);
  const timeZone = deviceTimeZone();
  const groupId = chosenGroup ?? current?.id ?? null;
  const analysis = useQuery({
    queryKey: analysisKeys.group(groupId ?? "", member, weeks, timeZone),
    queryFn: () => getGroupAnalysis(groupId!, { member, weeks, timeZone }),
    enabled: groupId !== null,
    // Switching the period or member keeps the last figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
  const data = analysis.data;
  const ids = { group: useId(), member: useId(), period: useId() };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analysis</h1>
        <p className="mt-1 text-ink-muted">
          How a group is doing: what gets done, what slips, where the time goes, and what to re-plan. Computed on this
          server from your group&rsquo;s tasks and tracked time.
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.group} className="text-sm font-medium">
            Group
          </label>
          <select
            id={ids.group}
            className={selectClass}
            value={groupId ?? ""}
            onChange={(event) => {
              setChosenGroup(event.target.value);
              setMember(null);
            }}
          >
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.member} className="text-sm font-medium">
            Member
          </label>
          <select
            id={ids.member}
            className={selectClass}
            value={member ?? ""}
            onChange={(event) => setMember(event.target.value || null)}
          >
            <option value="">Everyone</option>
            {(data?.groupId === groupId ? data.members : []).map((row) => (
              <option key={row.userId} value={row.userId}>
                {row.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend id={ids.period} className="text-sm font-medium">
            Period
          </legend>
          <div className="mt-1 flex rounded-lg border border-line bg-canvas p-0.5">
            {ANALYSIS_PERIODS.map((period) => (
              <label
                key={period}
                className="flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium text-ink-muted has-checked:bg-brand has-checked:text-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-focus"
              >
                <input
                  type="radio"
                  name="analysis-period"
                  className="sr-only"
                  value={period}
                  checked={weeks === period}
                  onChange={() => setWeeks(period)}
                />
                {period} weeks
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {groupsFailed && (
        <DataUnavailable what="your groups" failure="Failed to load your groups." failed onRetry={retry} />
      )}
      {!data && (
        <DataUnavailable
          what="the figures"
          failure={ANALYSIS_MESSAGES.loadFailed}
          failed={analysis.isError}
          onRetry={() => void analysis.refetch()}
        />
      )}
      {!data && analysis.isPending && groupId !== null && (
        <p role="status" className="text-sm text-ink-muted">
          Counting…
        </p>
      )}
      {data && <Figures data={data} />}
    </div>
  );
}

function Figures({ data }: { data: GroupAnalysis }) {
  const weeks = plural(data.weeks, "week");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CompletionCard data={data} weeks={weeks} />
      <EstimateCard data={data} />
      <div className="lg:col-span-2">
        <OverdueCard data={data} />
      </div>
      <CategoryCard data={data} weeks={weeks} />
      <BusyDaysCard data={data} />
      <div className="lg:col-span-2">
        <SuggestionsCard data={data} />
      </div>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">{children}</p>;
}

function Big({ value, caption }: { value: string; caption: ReactNode }) {
  return (
    <div>
      <p className="text-3xl font-bold tracking-tight">{value}</p>
      <p className="mt-1 text-sm text-ink-muted">{caption}</p>
    </div>
  );
}

/** The same numbers as the chart above it, for screen readers and anyone who prefers them. */
function AsTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded font-medium text-brand hover:underline focus-visible:outline-3 focus-visible:outline-focus">
        Show as table
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              {head.map((cell, index) => (
                <th key={cell} scope="col" className={`py-1.5 pr-3 font-medium ${index > 0 ? "text-right" : ""}`}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest]) => (
              <tr key={String(first)} className="border-b border-line/60 last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {first}
                </th>
                {rest.map((cell, index) => (
                  <td key={index} className="py-1.5 pr-3 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function CompletionCard({ data, weeks }: { data: GroupAnalysis; weeks: string }) {
  const { completed, total, rate } = data.completionRate;
  return (
    <Section title="Completion rate" description={`Tasks on the list in the last ${weeks} that got done.`}>
      {rate === null ? (
        <Empty>No tasks were on the list in this period. Add tasks and complete them to see the rate.</Empty>
      ) : (
        <>
          <Big value={percent(rate)} caption={`${completed} of ${plural(total, "task")} completed`} />
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-brand" style={{ width: percent(rate) }} />
          </div>
        </>
      )}
    </Section>
  );
}

function EstimateCard({ data }: { data: GroupAnalysis }) {
  const { tasks, medianRatio, accurateShare } = data.estimateAccuracy;
  const verdict =
    medianRatio === null
      ? ""
      : Math.abs(medianRatio - 1) <= 0.25
        ? "Estimates are about right."
        : medianRatio > 1
          ? `Tasks take ${percent(medianRatio - 1)} longer than estimated.`
          : `Tasks take ${percent(1 - medianRatio)} less time than estimated.`;
  return (
    <Section
      title="Estimate accuracy"
      description="Tracked time against the estimate, for tasks completed in the period."
    >
      {medianRatio === null || accurateShare === null ? (
        <Empty>
          Give tasks an estimate and track time on them: once they are completed, this shows how close the estimates
          were.
        </Empty>
      ) : (
        <Big
          value={`${medianRatio.toFixed(1)}×`}
          caption={`${verdict} ${percent(accurateShare)} of ${plural(tasks, "task")} within a quarter of the estimate.`}
        />
      )}
    </Section>
  );
}

function OverdueCard({ data }: { data: GroupAnalysis }) {
  const weeks = data.overdueTrend;
  const quiet = weeks.every((week) => week.overdue === 0 && week.completed === 0);
  const last = weeks.at(-1);
  const label = last
    ? `Week by week: ${last.overdue} overdue and ${last.completed} completed in the last week, from ${weeks[0]!.overdue} overdue in the first.`
    : "";
  return (
    <Section
      title="Overdue trend"
      description="Completed tasks each week, and open tasks past their deadline at its end."
    >
      {quiet ? (
        <Empty>Give tasks deadlines and complete them: each week of the period then shows here.</Empty>
      ) : (
        <>
          <OverdueTrendChart weeks={weeks} label={label} />
          <AsTable
            caption="Overdue trend by week"
            head={["Week of", "Completed", "Overdue at its end"]}
            rows={weeks.map((week) => [shortDay(week.weekStart), week.completed, week.overdue])}
          />
        </>
      )}
    </Section>
  );
}

function CategoryCard({ data, weeks }: { data: GroupAnalysis; weeks: string }) {
  const rows = data.timePerCategory;
  const label = rows.map((row) => `${row.name} ${formatMinutes(row.minutes)}`).join(", ");
  return (
    <Section title="Time per category" description={`Time tracked on the group's tasks in the last ${weeks}.`}>
      {rows.length === 0 ? (
        <Empty>Track time on tasks (Time tracking) to see which categories take it.</Empty>
      ) : (
        <>
          <CategoryChart rows={rows} label={`Tracked time per category: ${label}`} />
          <AsTable
            caption="Tracked time per category"
            head={["Category", "Tracked"]}
            rows={rows.map((row) => [row.name, formatMinutes(row.minutes)])}
          />
        </>
      )}
    </Section>
  );
}

function BusyDaysCard({ data }: { data: GroupAnalysis }) {
  const days = data.busiestDays;
  const busiest = [...days].sort((a, b) => b.completed - a.completed || b.minutes - a.minutes)[0];
  const quiet = days.every((day) => day.completed === 0 && day.minutes === 0);
  return (
    <Section
      title="Busiest days"
      description="Tasks completed and time tracked per day of the week, in your time zone."
    >
      {quiet || !busiest ? (
        <Empty>Complete tasks or track time to see which days of the week are the busiest.</Empty>
      ) : (
        <>
          <p className="mb-2 text-sm">
            Busiest: <strong>{WEEKDAYS[busiest.weekday - 1]!.long}</strong>
          </p>
          <BusyDaysChart
            days={days}
            label={`Completed tasks per weekday: ${days.map((day) => `${WEEKDAYS[day.weekday - 1]!.long} ${day.completed}`).join(", ")}`}
          />
          <AsTable
            caption="Completed tasks and tracked time per weekday"
            head={["Day", "Completed", "Tracked"]}
            rows={days.map((day) => [WEEKDAYS[day.weekday - 1]!.long, day.completed, formatMinutes(day.minutes)])}
          />
        </>
      )}
    </Section>
  );
}

function SuggestionsCard({ data }: { data: GroupAnalysis }) {
  return (
    <Section title="Suggestions" description="Overdue and forgotten tasks to re-plan, and load that could be shared.">
      {data.suggestions.length === 0 ? (
        <Empty>Nothing to re-plan: no overdue or forgotten tasks, and the work is shared evenly.</Empty>
      ) : (
        <ul className="divide-y divide-line">
          {data.suggestions.map((suggestion) => (
            <li key={`${suggestion.kind}-${suggestion.taskId ?? suggestion.memberId}`} className="flex gap-3 py-3">
              <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              <div className="min-w-0 text-sm">
                <p>{suggestion.text}</p>
                {suggestion.taskId && (
                  <Link
                    to={taskPath(suggestion.taskId)}
                    className="mt-1 inline-block font-medium text-brand hover:underline"
                  >
                    Open the task<span className="sr-only">: {suggestion.text.split(":")[0]}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
