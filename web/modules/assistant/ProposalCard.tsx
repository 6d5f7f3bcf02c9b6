import { Check, CircleCheck, Pencil, Plus, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { SuggestedAction } from "../../../domain/assistant/actions";
import { PRIORITIES, type Priority } from "../../../domain/task-rules";
import type { Task } from "../../../domain/tasks";
import { inputClass } from "../../components/form";
import { formatDeadline, PRIORITY_LABELS } from "../../scenes/tasks/task-view";
import type { Decision } from "./decisions";

const small =
  "inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold focus-visible:outline-3 focus-visible:outline-focus";

const KIND: Record<SuggestedAction["type"], { label: string; Icon: typeof Plus }> = {
  create_task: { label: "New task", Icon: Plus },
  update_task: { label: "Change", Icon: Pencil },
  complete_task: { label: "Complete", Icon: CircleCheck },
};

const OUTCOME: Record<Decision, string> = {
  approved: "Done",
  rejected: "Rejected",
  failed: "Could not be done",
};

/** What the proposal would set, in words ("Tomorrow 17:00", "High", "Home"). */
function details(action: SuggestedAction, categoryLabel: (id: string) => string): string[] {
  if (action.type === "complete_task") return [];
  const parts: string[] = [];
  if (action.type === "update_task" && action.title) parts.push(`Title: ${action.title}`);
  if (action.deadline) {
    const when = formatDeadline({ deadline: action.deadline, deadlineTimeZone: null });
    parts.push(action.type === "update_task" ? `Deadline: ${when}` : when);
  }
  if (action.type === "update_task" && action.deadline === null) parts.push("No deadline");
  if (action.priority && (action.type === "update_task" || action.priority !== "medium")) {
    parts.push(`${PRIORITY_LABELS[action.priority]} priority`);
  }
  if (action.category) parts.push(categoryLabel(action.category));
  if (action.type === "create_task" && action.repeat) parts.push("Repeats");
  if (action.notes) parts.push(`Notes: ${action.notes}`);
  return parts;
}

/**
 * One proposal: what it would do, and the user's choice. Nothing happens until Approve; Edit
 * opens its fields first (title, deadline, priority, category).
 */
export function ProposalCard({
  action,
  task,
  categories,
  decision,
  busy,
  onApprove,
  onReject,
}: {
  action: SuggestedAction;
  /** The task an update or completion names, as this device has it (undefined: not found here). */
  task: Task | undefined;
  categories: readonly { id: string; label: string }[];
  decision: Decision | undefined;
  busy: boolean;
  onApprove: (action: SuggestedAction) => void;
  onReject: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  const { label, Icon } = KIND[action.type];
  const categoryLabel = (id: string) => categories.find((category) => category.id === id)?.label ?? id;
  const title = action.type === "create_task" ? action.title : (task?.title ?? "A task not on this device");
  const settled = decision === "approved" || decision === "rejected";

  return (
    <li
      aria-labelledby={titleId}
      className="rounded-lg border border-line bg-canvas p-2.5 text-sm data-[settled=true]:opacity-70"
      data-settled={settled}
    >
      <p className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </p>
      {editing ? (
        <ProposalEditor
          action={action as Exclude<SuggestedAction, { type: "complete_task" }>}
          categories={categories}
          onCancel={() => setEditing(false)}
          onSave={(edited) => {
            setEditing(false);
            onApprove(edited);
          }}
        />
      ) : (
        <>
          <p id={titleId} className="mt-0.5 font-medium break-words">
            {title}
          </p>
          {details(action, categoryLabel).length > 0 && (
            <p className="mt-0.5 text-xs text-ink-muted">{details(action, categoryLabel).join(" · ")}</p>
          )}
          {decision ? (
            <p
              className={`mt-1.5 flex items-center gap-1 text-xs font-semibold ${decision === "failed" ? "text-danger" : "text-ink-muted"}`}
            >
              {decision === "approved" && <Check aria-hidden="true" className="size-3.5" />}
              {OUTCOME[decision]}
            </p>
          ) : null}
          {!settled && (
            <div className="mt-2 flex flex-wrap gap-1.5">
              <button
                type="button"
                className={`${small} bg-brand text-brand-ink hover:bg-brand-hover`}
                disabled={busy}
                aria-describedby={titleId}
                onClick={() => onApprove(action)}
              >
                {decision === "failed" ? "Try again" : "Approve"}
              </button>
              {action.type !== "complete_task" && (
                <button
                  type="button"
                  className={`${small} border border-line hover:bg-surface-muted`}
                  disabled={busy}
                  aria-describedby={titleId}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </button>
              )}
              <button
                type="button"
                className={`${small} text-ink-muted hover:bg-surface-muted`}
                disabled={busy}
                aria-describedby={titleId}
                onClick={onReject}
              >
                <X aria-hidden="true" className="size-3.5" />
                Reject
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

function ProposalEditor({
  action,
  categories,
  onCancel,
  onSave,
}: {
  action: Exclude<SuggestedAction, { type: "complete_task" }>;
  categories: readonly { id: string; label: string }[];
  onCancel: () => void;
  onSave: (action: SuggestedAction) => void;
}) {
  const [title, setTitle] = useState(action.title ?? "");
  const [date, setDate] = useState(action.deadline?.slice(0, 10) ?? "");
  const [time, setTime] = useState(action.deadline?.slice(11, 16) ?? "");
  const [priority, setPriority] = useState<Priority | "">(action.priority ?? "");
  const [category, setCategory] = useState(action.category ?? "");
  const field = `${inputClass} py-1 text-sm`;

  function save(event: FormEvent) {
    event.preventDefault();
    const deadline = date ? (time ? `${date}T${time}` : date) : null;
    if (action.type === "create_task") {
      if (!title.trim()) return;
      onSave({
        ...action,
        title: title.trim(),
        deadline,
        priority: priority || "medium",
        category: category || null,
        repeat: deadline ? action.repeat : null,
      });
    } else {
      onSave({
        ...action,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(deadline !== (action.deadline ?? null) ? { deadline } : {}),
        ...(priority ? { priority } : {}),
        ...(category ? { category } : {}),
      });
    }
  }

  return (
    <form className="mt-1 space-y-1.5" onSubmit={save}>
      <label className="block text-xs font-medium">
        Title
        <input
          className={field}
          value={title}
          required={action.type === "create_task"}
          maxLength={500}
          onChange={(event) => setTitle(event.target.value)}
          // Opened to be changed: the title is what is changed most.
          autoFocus
        />
      </label>
      <div className="flex gap-1.5">
        <label className="block flex-1 text-xs font-medium">
          Date
          <input type="date" className={field} value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
        <label className="block w-28 text-xs font-medium">
          Time
          <input
            type="time"
            className={field}
            value={time}
            disabled={!date}
            onChange={(event) => setTime(event.target.value)}
          />
        </label>
      </div>
      <div className="flex gap-1.5">
        <label className="block flex-1 text-xs font-medium">
          Priority
          <select
            className={field}
            value={priority}
            onChange={(event) => setPriority(event.target.value as Priority | "")}
          >
            {action.type === "update_task" && <option value="">Unchanged</option>}
            {PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="block flex-1 text-xs font-medium">
          Category
          <select className={field} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{action.type === "update_task" ? "Unchanged" : "Default"}</option>
            {categories.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex gap-1.5 pt-0.5">
        <button type="submit" className={`${small} bg-brand text-brand-ink hover:bg-brand-hover`}>
          Approve
        </button>
        <button type="button" className={`${small} border border-line hover:bg-surface-muted`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
