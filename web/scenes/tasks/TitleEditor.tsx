import { useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Task } from "../../../domain/tasks";
import { TASK_TITLE_MAX_LENGTH } from "../../../domain/task-rules";
import { cachedTask } from "../../realtime/task-sync";
import { editTask } from "./task-actions";

/**
 * The task's title as its heading; renaming happens in place and is saved on Enter and when the
 * field is left (also by going to another page), with no button to forget. Escape puts the title
 * back and leaves the field. An empty title is never saved: leaving the field then keeps the old one.
 */
export function TitleEditor({
  task,
  editable,
  level = 1,
  headingId,
}: {
  task: Task;
  editable: boolean;
  /** 1 on the task's page; 2 in the pane, under the list's own heading. */
  level?: 1 | 2;
  headingId?: string;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);
  const inputId = useId();
  const renameRef = useRef<HTMLButtonElement>(null);
  const focusRename = useRef(false);
  const Heading = level === 1 ? "h1" : "h2";

  function save(value: string) {
    const title = value.trim();
    const latest = cachedTask(client, task.id) ?? task;
    if (!title || title === latest.title) return;
    void editTask(
      client,
      latest,
      { title },
      { success: "Task updated successfully", failure: "Failed to update task" },
    );
  }

  // Set once the field is being left, so its blur as it goes (Enter, Escape) does nothing more.
  const leaving = useRef(false);

  function finish(keep: boolean, refocus: boolean) {
    if (leaving.current) return;
    leaving.current = true;
    if (keep) save(draft);
    focusRename.current = refocus;
    setEditing(false);
  }

  // Going to another page (or closing the pane) while renaming keeps the new title.
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = editing ? draft : null;
  });
  useEffect(
    () => () => {
      if (pending.current !== null) save(pending.current);
    },
    // The task's id is all the save reads from the render it was made in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useLayoutEffect(() => {
    if (editing || !focusRename.current) return;
    focusRename.current = false;
    renameRef.current?.focus();
  }, [editing]);

  function start() {
    leaving.current = false;
    setDraft(task.title);
    setEditing(true);
  }

  if (editing) {
    return (
      <div>
        <Heading id={headingId} className="sr-only">
          {task.title}
        </Heading>
        <label htmlFor={inputId} className="sr-only">
          Title
        </label>
        <input
          id={inputId}
          value={draft}
          maxLength={TASK_TITLE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              finish(true, true);
            } else if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              finish(false, true);
            }
          }}
          onBlur={() => {
            // Another window or tab took the focus: the field stays open, and what it holds is kept.
            if (!document.hasFocus()) save(draft);
            else finish(true, false);
          }}
          autoFocus
          aria-describedby={`${inputId}-hint`}
          className={`-mx-2 block w-[calc(100%+1rem)] rounded-lg border border-line bg-canvas px-2 py-1 font-bold tracking-tight text-ink focus:border-brand focus:outline-3 focus:outline-focus ${level === 1 ? "text-2xl sm:text-3xl" : "text-xl"}`}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-muted">
          Saved when you press Enter or leave the field; Escape puts the old title back.
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2">
      <Heading
        id={headingId}
        onClick={editable ? start : undefined}
        className={`min-w-0 flex-1 font-bold tracking-tight break-words ${level === 1 ? "text-2xl sm:text-3xl" : "text-xl"} ${task.completed ? "text-ink-muted line-through" : ""} ${editable ? "cursor-text" : ""}`}
      >
        {task.title}
      </Heading>
      {editable && (
        <button
          ref={renameRef}
          type="button"
          onClick={start}
          className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
          title="Rename"
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="sr-only">Rename task</span>
        </button>
      )}
    </div>
  );
}
