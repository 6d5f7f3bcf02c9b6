import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { TimeEntry } from "../../../../domain/time-tracking";
import { entryProblem, localDate, TIME_MESSAGES } from "../../../../domain/time-rules";
import { wallClockAt } from "../../../../domain/time-zones";
import { buttonClass, inputClass, labelClass } from "../../../components/form";
import { useAllTasks } from "../../../hooks/use-all-tasks";
import { newOperationId } from "../../../api/tasks";
import { notify } from "../../../stores/notifier";
import { sendTimeWrite } from "./use-time";
import { viewerZone } from "./week";

const pad = (value: number) => String(value).padStart(2, "0");
const clockOf = (at: string) => {
  const clock = wallClockAt(Date.parse(at), viewerZone());
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
};
/** A date and a time of day on this device's clock, as an instant (an end before its start is the next day's). */
const instantOf = (date: string, time: string) => new Date(`${date}T${time}`).toISOString();

/**
 * Adding or editing a finished entry: task, day, start and end, note. The rules are checked here
 * first (domain/time-rules.ts) and again by the server, whose message shows as it comes.
 */
export function EntryDialog({
  open,
  entry,
  defaultDate,
  onClose,
}: {
  open: boolean;
  /** The entry to edit; none to add one. */
  entry: TimeEntry | null;
  defaultDate: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const { data: tasks } = useAllTasks({ enabled: open });
  const [taskId, setTaskId] = useState("");
  const [date, setDate] = useState(defaultDate);
  const [start, setStart] = useState("09:00");
  const [end, setEnd] = useState("10:00");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTaskId(entry?.taskId ?? "");
      setDate(entry ? localDate(Date.parse(entry.startedAt), viewerZone()) : defaultDate);
      setStart(entry ? clockOf(entry.startedAt) : "09:00");
      setEnd(entry?.endedAt ? clockOf(entry.endedAt) : "10:00");
      setNote(entry?.note ?? "");
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, entry, defaultDate]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!taskId) {
      setError("Choose a task");
      return;
    }
    const startedAt = instantOf(date, start);
    let endedAt = instantOf(date, end);
    // 22:00 to 01:00 runs past midnight.
    if (end < start) endedAt = new Date(Date.parse(endedAt) + 24 * 3600_000).toISOString();
    const problem = entryProblem({ startedAt, endedAt }, Date.now());
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    const title = tasks?.find((task) => task.id === taskId)?.title ?? "a task";
    const body = { taskId, startedAt, endedAt, note: note.trim() || null };
    const result = await sendTimeWrite(
      client,
      entry
        ? { method: "PATCH", path: `/api/time/entries/${encodeURIComponent(entry.id)}`, body }
        : { method: "POST", path: "/api/time/entries", body: { id: newOperationId(), ...body } },
      `${entry ? "Edit" : "Add"} time on "${title}"`,
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    notify.success(TIME_MESSAGES.saved);
    onClose();
  }

  const sorted = [...(tasks ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <form className="space-y-4 p-6" onSubmit={(event) => void save(event)} noValidate>
          <h2 id={titleId} className="text-lg font-semibold">
            {entry ? "Edit entry" : "Add entry"}
          </h2>
          <div>
            <label htmlFor={`${fieldId}-task`} className={labelClass}>
              Task
            </label>
            <select
              id={`${fieldId}-task`}
              value={taskId}
              onChange={(event) => setTaskId(event.target.value)}
              className={inputClass}
              required
            >
              <option value="">Choose a task…</option>
              {entry && !sorted.some((task) => task.id === entry.taskId) && (
                <option value={entry.taskId}>{entry.taskTitle}</option>
              )}
              {sorted.map((task) => (
                <option key={task.id} value={task.id}>
                  {task.title}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor={`${fieldId}-date`} className={labelClass}>
                Date
              </label>
              <input
                id={`${fieldId}-date`}
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                className={inputClass}
                required
              />
            </div>
            <div>
              <label htmlFor={`${fieldId}-start`} className={labelClass}>
                Start
              </label>
              <input
                id={`${fieldId}-start`}
                type="time"
                value={start}
                onChange={(event) => setStart(event.target.value)}
                className={inputClass}
                required
              />
            </div>
            <div>
              <label htmlFor={`${fieldId}-end`} className={labelClass}>
                End
              </label>
              <input
                id={`${fieldId}-end`}
                type="time"
                value={end}
                onChange={(event) => setEnd(event.target.value)}
                className={inputClass}
                required
              />
            </div>
          </div>
          <div>
            <label htmlFor={`${fieldId}-note`} className={labelClass}>
              Note <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <input
              id={`${fieldId}-note`}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass}
            />
          </div>
          {error && (
            <p
              role="alert"
              className="flex gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2.5 text-sm text-danger"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {entry ? "Save changes" : "Add entry"}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
