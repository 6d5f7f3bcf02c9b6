import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { categoryLook } from "../../../../domain/category-rules";
import { TASK_MESSAGES } from "../../../../domain/task-rules";
import type { Task } from "../../../../domain/tasks";
import type { CachedTask, NewTask } from "../../../api/tasks";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { useAllTasks } from "../../../hooks/use-all-tasks";
import { useCategoriesOfTaskGroups } from "../../../hooks/use-group-categories";
import { useCurrentGroup } from "../../../hooks/use-groups";
import { useMe } from "../../../hooks/use-me";
import { useNow } from "../../../hooks/use-now";
import { useCategories } from "../../../hooks/use-tasks";
import { notify } from "../../../stores/notifier";
import { QuickAddForm } from "../quick-add/QuickAddForm";
import { ShortcutsHelp } from "../ShortcutsHelp";
import { addTask, setCompleted } from "../task-actions";
import { TaskDeleteDialog } from "../TaskDeleteDialog";
import { TaskRow } from "../TaskRow";
import { useTaskListControls } from "../use-task-list-controls";
import { defaultCategoryOf } from "../task-view";
import { focusTask } from "../use-task-shortcuts";

const NO_GROUPS: readonly string[] = [];

export interface AgendaSection {
  key: string;
  title: string;
  /** Shown beside the title, muted ("Fri 27 Nov"). */
  subtitle?: string;
  tasks: Task[];
  /** Said when the section has no task; sections without one are left out when empty. */
  empty?: string;
  tone?: "danger";
}

/**
 * A list of tasks across all the user's groups, in dated sections (Today, Upcoming): each row says
 * which group it is in; quick add adds to the current group.
 */
export function AgendaPage({
  title,
  intro,
  sections,
  defaultDeadline,
  emptyState,
}: {
  title: string;
  intro: string;
  sections: (tasks: Task[], now: Date) => AgendaSection[];
  /** The deadline of a task added here without a date. */
  defaultDeadline?: (now: Date) => string;
  emptyState: ReactNode;
}) {
  const me = useMe();
  const client = useQueryClient();
  const now = useNow();
  const tasksQuery = useAllTasks();
  const { current, groups } = useCurrentGroup();
  const categories = useCategories(current?.id);
  const all = useMemo(() => tasksQuery.data ?? [], [tasksQuery.data]);
  const categoriesByGroup = useCategoriesOfTaskGroups(NO_GROUPS, all);
  const groupNames = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);
  const shown = useMemo(() => sections(all, now), [sections, all, now]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<CachedTask | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const addRef = useRef<HTMLInputElement>(null);
  const count = shown.reduce((sum, section) => sum + section.tasks.length, 0);

  function toggle(task: CachedTask): Promise<boolean> {
    setAnnouncement(task.completed ? `${task.title} reopened.` : `${task.title} completed.`);
    return setCompleted(client, task, !task.completed);
  }

  async function add(input: Omit<NewTask, "groupId">): Promise<boolean> {
    if (!current || !me) {
      notify.error(`Failed to add task: ${TASK_MESSAGES.noGroup}`);
      return false;
    }
    return (await addTask(client, { ...input, groupId: current.id }, me.id)) !== null;
  }

  const { openTask, openDeadline, overlays } = useTaskListControls({
    tasks: all,
    addRef,
    toggle,
    toggleHelp: () => setHelpOpen((open) => !open),
    announce: setAnnouncement,
  });

  return (
    <div className="mx-auto max-w-3xl space-y-3 sm:space-y-4">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">
            {title}
            {tasksQuery.data && <span className="ml-2 text-base font-medium text-ink-muted">{count}</span>}
          </h1>
          <p className="text-sm text-ink-muted">{intro}</p>
        </div>
        <div className="hidden shrink-0 sm:block">
          <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
        </div>
      </div>

      <QuickAddForm
        inputRef={addRef}
        categories={categories}
        defaultCategory={defaultCategoryOf(categories)}
        defaultDeadline={defaultDeadline?.(now)}
        placeholder={current ? `Add to ${current.name}` : "Add a task"}
        onAdd={add}
        onLeave={() => focusTask(1)}
      />

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {tasksQuery.isPending && !tasksQuery.data && (
        <div role="status" className="space-y-1">
          <span className="sr-only">Loading tasks…</span>
          {[0, 1, 2].map((index) => (
            <div key={index} aria-hidden="true" className="h-11 animate-pulse rounded-lg bg-surface-muted" />
          ))}
        </div>
      )}
      {!tasksQuery.data && !tasksQuery.isPending && (
        <DataUnavailable
          what="your tasks"
          failure="Failed to load tasks."
          failed={tasksQuery.isError}
          onRetry={() => void tasksQuery.refetch()}
        />
      )}

      {tasksQuery.data && (
        <div data-task-lists className="space-y-5">
          {count === 0
            ? emptyState
            : shown.map((section) =>
                section.tasks.length === 0 && !section.empty ? null : (
                  <section key={section.key} aria-labelledby={`agenda-${section.key}`}>
                    <h2
                      id={`agenda-${section.key}`}
                      className={`mb-1 flex items-baseline gap-2 border-b border-line pb-1 text-sm font-semibold ${section.tone === "danger" ? "text-danger" : ""}`}
                    >
                      {section.title}
                      {section.subtitle && <span className="font-normal text-ink-muted">{section.subtitle}</span>}
                      <span className="ml-auto text-xs font-normal text-ink-muted">{section.tasks.length || ""}</span>
                    </h2>
                    {section.tasks.length === 0 ? (
                      <p className="py-1.5 pl-2 text-sm text-ink-muted">{section.empty}</p>
                    ) : (
                      <ul aria-label={section.title} className="divide-y divide-line">
                        {section.tasks.map((task) => (
                          <TaskRow
                            key={task.id}
                            task={task}
                            category={categoryLook(categoriesByGroup.get(task.groupId) ?? [], task.category)}
                            shared={null}
                            where={groups.length > 1 ? groupNames.get(task.groupId) : undefined}
                            now={now}
                            onToggle={toggle}
                            onDelete={setConfirmDelete}
                            onOpen={openTask}
                            onDeadline={openDeadline}
                          />
                        ))}
                      </ul>
                    )}
                  </section>
                ),
              )}
        </div>
      )}

      {overlays}
      <TaskDeleteDialog
        task={confirmDelete}
        onClose={() => setConfirmDelete(null)}
        onAfter={() => addRef.current?.focus()}
      />
    </div>
  );
}
