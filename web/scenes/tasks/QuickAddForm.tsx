import { Plus } from "lucide-react";
import { type FormEvent, type Ref, useId, useMemo, useState } from "react";
import type { Category } from "../../../domain/categories";
import { RECENT_CATEGORIES } from "../../../domain/category-rules";
import type { Priority } from "../../../domain/tasks";
import { PRIORITIES, TASK_TITLE_MAX_LENGTH } from "../../../domain/task-rules";
import { buttonClass } from "../../components/form";
import type { NewTask } from "../../api/tasks";
import { useSettings } from "../../hooks/use-settings";
import { offeredCategories, PRIORITY_LABELS } from "./task-view";

const selectClass =
  "rounded-md border border-line bg-canvas px-2 py-1 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus";
/** Label above its control on phones, beside it from sm up. */
const smallLabel =
  "flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-muted sm:flex-row sm:items-center sm:gap-1.5 [&>*]:w-full sm:[&>*]:w-auto";

/**
 * Quick add: a title and Enter. Priority, category and deadline are optional; the category stays
 * for the next task (several shopping items in a row), the rest starts over. The category choice
 * lists the user's "offered first" categories, then recently used ones, then the rest.
 */
export function QuickAddForm({
  inputRef,
  categories,
  onAdd,
}: {
  inputRef: Ref<HTMLInputElement>;
  categories: readonly Category[];
  /** Resolves to false when the task could not be added: the title comes back to be tried again. */
  onAdd: (task: Omit<NewTask, "groupId">) => Promise<boolean>;
}) {
  const [title, setTitle] = useState("");
  const [priority, setPriority] = useState<Priority>("medium");
  const [category, setCategory] = useState("other");
  const [deadline, setDeadline] = useState("");
  const titleId = useId();
  const hintId = useId();
  const { settings } = useSettings();
  const groups = useMemo(() => {
    const offered = offeredCategories(categories, settings.defaultCategories, RECENT_CATEGORIES);
    return [
      { label: "Offered first", categories: offered.first },
      { label: "Recently used", categories: offered.recent },
      {
        label: offered.first.length + offered.recent.length > 0 ? "Other categories" : "Categories",
        categories: offered.rest,
      },
    ];
  }, [categories, settings.defaultCategories]);
  const categoryKnown = categories.some((option) => option.id === category);
  const chosenCategory = categoryKnown ? category : (categories.at(-1)?.id ?? "other");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    setTitle("");
    setPriority("medium");
    setDeadline("");
    const added = await onAdd({
      title: trimmed,
      priority,
      category: chosenCategory,
      deadline: deadline || null,
    });
    if (!added) setTitle((current) => current || trimmed);
  }

  return (
    <form
      aria-label="Add a task"
      onSubmit={(event) => void submit(event)}
      className="rounded-xl border border-line bg-surface p-3 shadow-sm sm:p-4"
    >
      <label htmlFor={titleId} className="sr-only">
        New task
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={titleId}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={TASK_TITLE_MAX_LENGTH}
          placeholder="Add a task…"
          aria-describedby={hintId}
          autoComplete="off"
          enterKeyHint="done"
          className="block w-full min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus"
        />
        <button type="submit" className={buttonClass.primary}>
          <Plus aria-hidden="true" className="size-4" />
          Add
        </button>
      </div>
      <p id={hintId} className="sr-only">
        Press Enter to add. Priority, category and deadline below are optional.
      </p>
      <div className="mt-2.5 grid grid-cols-2 gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
        <label className={smallLabel}>
          Priority
          <select
            value={priority}
            onChange={(event) => setPriority(event.target.value as Priority)}
            className={selectClass}
          >
            {PRIORITIES.map((option) => (
              <option key={option} value={option}>
                {PRIORITY_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={smallLabel}>
          Category
          <select value={chosenCategory} onChange={(event) => setCategory(event.target.value)} className={selectClass}>
            {groups.map(
              (group) =>
                group.categories.length > 0 && (
                  <optgroup key={group.label} label={group.label}>
                    {group.categories.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.label}
                      </option>
                    ))}
                  </optgroup>
                ),
            )}
          </select>
        </label>
        <label className={smallLabel}>
          Deadline
          <input
            type="date"
            value={deadline}
            onChange={(event) => setDeadline(event.target.value)}
            className={selectClass}
          />
        </label>
      </div>
    </form>
  );
}
