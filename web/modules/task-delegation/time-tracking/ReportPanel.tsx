import { Download } from "lucide-react";
import { useId, useState } from "react";
import type { Report } from "../../../../domain/time-tracking";
import { formatDuration, TIME_MESSAGES } from "../../../../domain/time-rules";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { useGroups } from "../../../hooks/use-groups";
import { reportCsvUrl } from "./api";
import { useReport } from "./use-time";
import { viewerZone, type Week } from "./week";

/**
 * The week's report in the viewer's zone: by member, by category, estimate against actual, and
 * its CSV. A group's owner sees everyone's time in it; anyone else their own.
 */
export function ReportPanel({ week }: { week: Week }) {
  const scopeId = useId();
  const { groups } = useGroups();
  const [groupId, setGroupId] = useState("");
  const params = { from: week.monday, to: week.sunday, tz: viewerZone(), ...(groupId ? { groupId } : {}) };
  const query = useReport(params);
  const report = query.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-72">
          <label htmlFor={scopeId} className={labelClass}>
            Whose time
          </label>
          <select
            id={scopeId}
            value={groupId}
            onChange={(event) => setGroupId(event.target.value)}
            className={inputClass}
          >
            <option value="">My time in all groups</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
        <a href={reportCsvUrl(params)} download className={buttonClass.secondary}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>

      {!report ? (
        <DataUnavailable
          what="your report"
          failure={TIME_MESSAGES.loadFailed}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ReportTables report={report} />
      )}
    </div>
  );
}

function ReportTables({ report }: { report: Report }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {report.scope === "group" ? "Everyone’s time in this group" : "Your time"}:{" "}
        <span className="text-lg font-semibold text-ink tabular-nums">{formatDuration(report.totalSeconds)}</span>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Totals
          title="By member"
          rows={report.byMember.map((row) => ({ key: row.userId, label: row.name, seconds: row.seconds }))}
          total={report.totalSeconds}
        />
        <Totals
          title="By category"
          rows={report.byCategory.map((row) => ({ key: row.category, label: row.category, seconds: row.seconds }))}
          total={report.totalSeconds}
        />
      </div>
      <section aria-labelledby="estimates-heading" className="rounded-xl border border-line bg-surface">
        <h2 id="estimates-heading" className="border-b border-line px-4 py-2.5 font-semibold">
          Estimate against actual
        </h2>
        {report.byTask.length === 0 ? (
          <p className="px-4 py-4 text-sm text-ink-muted">No time tracked in this week.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-2 pl-3 font-medium sm:pl-4">
                    Task
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                    Week
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                    Total
                  </th>
                  <th scope="col" className="py-2 pr-3 pl-2 sm:pr-4 text-right font-medium whitespace-nowrap">
                    Estimate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {report.byTask.map((task) => {
                  const over = task.estimateMinutes !== null && task.totalSeconds > task.estimateMinutes * 60;
                  return (
                    <tr key={task.taskId}>
                      <th
                        scope="row"
                        className="max-w-32 truncate py-2 pr-2 pl-3 text-left font-medium sm:max-w-64 sm:pl-4"
                      >
                        {task.title}
                      </th>
                      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatDuration(task.seconds)}
                      </td>
                      <td
                        className={`px-2 py-2 text-right whitespace-nowrap tabular-nums ${over ? "font-semibold text-danger" : ""}`}
                      >
                        {formatDuration(task.totalSeconds)}
                      </td>
                      <td className="py-2 pr-3 pl-2 sm:pr-4 text-right whitespace-nowrap text-ink-muted tabular-nums">
                        {task.estimateMinutes === null ? "—" : formatDuration(task.estimateMinutes * 60)}
                        {over && <span className="sr-only"> (over the estimate)</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function Totals({
  title,
  rows,
  total,
}: {
  title: string;
  rows: Array<{ key: string; label: string; seconds: number }>;
  total: number;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-line bg-surface">
      <h2 className="border-b border-line px-4 py-2.5 font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="px-4 py-4 text-sm text-ink-muted">Nothing yet.</p>
      ) : (
        <ul className="space-y-3 p-4">
          {rows.map((row) => (
            <li key={row.key}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="truncate">{row.label}</span>
                <span className="shrink-0 font-medium tabular-nums">{formatDuration(row.seconds)}</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-surface-muted" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand"
                  style={{ width: `${total ? Math.round((row.seconds / total) * 100) : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
