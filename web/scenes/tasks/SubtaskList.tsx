import { useQueryClient } from "@tanstack/react-query";
import { GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { type CSSProperties, type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import type { Subtask, Task } from "../../../domain/tasks";
import { SUBTASK_TITLE_MAX_LENGTH, SUBTASKS_MAX } from "../../../domain/task-rules";
import { buttonClass } from "../../components/form";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { taskKeys } from "../../api/tasks";
import { subtaskActions } from "./task-actions";
import { useDragReorder } from "../../hooks/use-drag-reorder";

const iconButton =
  "grid size-8 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink disabled:opacity-50";

/** A task's subtasks: add, rename, complete and reopen, delete, and reorder by dragging or with the arrow keys. */
export function SubtaskList({ task }: { task: Task }) {
  const client = useQueryClient();
  const listRef = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const hintId = useId();
  const editable = task.abilities.edit;

  function move(from: number, to: number) {
    const subtask = task.subtasks[from];
    if (!subtask || to < 0 || to >= task.subtasks.length || from === to) return;
    const ids = task.subtasks.map((item) => item.id).filter((id) => id !== subtask.id);
    ids.splice(to, 0, subtask.id);
    setAnnouncement(`${subtask.title} moved to position ${to + 1} of ${task.subtasks.length}.`);
    void subtaskActions.reorder(client, task, ids);
  }
  const drag = useDragReorder(listRef, move);
  const done = task.subtasks.filter((subtask) => subtask.completed).length;
  const total = task.subtasks.length;

  return (
    <div>
      {total > 0 && (
        <div className="mb-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Subtasks done"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${total} done`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-all"
              style={{ width: `${(done / total) * 100}%` }}
            />
          </div>
          <span className="text-sm text-ink-muted">
            {done} of {total} done
          </span>
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <p id={hintId} className="sr-only">
        Use the up and down arrow keys to move the subtask.
      </p>
      {total === 0 ? (
        <p className="text-sm text-ink-muted">No subtasks yet. Break the task into steps{editable ? " below" : ""}.</p>
      ) : (
        <ul ref={listRef} aria-label="Subtasks" className="space-y-1.5">
          {task.subtasks.map((subtask, index) => (
            <SubtaskItem
              key={subtask.id}
              task={task}
              subtask={subtask}
              editable={editable}
              position={`${index + 1} of ${total}`}
              hintId={hintId}
              style={drag.itemStyle(index)}
              dragging={drag.dragging === index}
              handle={drag.handleProps(index)}
              onMove={(delta) => move(index, index + delta)}
            />
          ))}
        </ul>
      )}
      {editable && total < SUBTASKS_MAX && <AddSubtaskForm task={task} />}
    </div>
  );
}

function SubtaskItem({
  task,
  subtask,
  editable,
  position,
  hintId,
  style,
  dragging,
  handle,
  onMove,
}: {
  task: Task;
  subtask: Subtask;
  editable: boolean;
  position: string;
  hintId: string;
  style: CSSProperties | undefined;
  dragging: boolean;
  handle: ReturnType<ReturnType<typeof useDragReorder>["handleProps"]>;
  onMove: (delta: -1 | 1) => void;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(subtask.title);
  const renameRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  // Leaving the rename field puts focus back on its Rename button as soon as the button is there,
  // not when the server answers: by then the user may be on another control (a moved focus would
  // take their next key).
  const focusRenameButton = useRef(false);
  useLayoutEffect(() => {
    if (editing || !focusRenameButton.current) return;
    focusRenameButton.current = false;
    renameRef.current?.focus();
  }, [editing]);

  // Set once the field is being left (Enter, Escape), so its blur as it goes saves nothing twice.
  const leaving = useRef(false);

  function stopEditing(refocus = true) {
    leaving.current = true;
    focusRenameButton.current = refocus;
    setEditing(false);
  }

  /** Saved on Enter and when the field is left (an empty title keeps the old one); no button to forget. */
  function save(refocus: boolean) {
    const title = draft.trim();
    stopEditing(refocus);
    if (title && title !== subtask.title) void subtaskActions.rename(client, task, subtask.id, title);
  }

  function rename(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    save(true);
  }

  return (
    <li
      data-reorder-item
      style={style}
      className={`flex items-center gap-1.5 rounded-lg border bg-surface px-1.5 py-1 ${dragging ? "border-brand shadow-lg" : "border-line"}`}
    >
      {editable && (
        <button
          type="button"
          aria-label={`Move ${subtask.title} (${position})`}
          aria-describedby={hintId}
          title="Drag to move, or use the arrow keys"
          className={`${iconButton} cursor-grab touch-none`}
          onKeyDown={(event) => {
            if (event.key === "ArrowUp" || event.key === "ArrowDown") {
              event.preventDefault();
              onMove(event.key === "ArrowUp" ? -1 : 1);
            }
          }}
          {...handle}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <OptimisticCheckbox
        checked={subtask.completed}
        disabled={!editable}
        aria-label={`Done: ${subtask.title}`}
        onCheckedChange={(checked) => subtaskActions.toggle(client, task, subtask.id, checked)}
        className="ml-1 size-4.5 shrink-0 cursor-pointer accent-brand disabled:cursor-not-allowed"
      />
      {editing ? (
        <form onSubmit={rename} className="flex min-w-0 flex-1 items-center gap-1">
          <label htmlFor={inputId} className="sr-only">
            New title of {subtask.title}
          </label>
          <input
            id={inputId}
            value={draft}
            maxLength={SUBTASK_TITLE_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                // Puts the title back and leaves the field (the pane stays open).
                event.preventDefault();
                event.stopPropagation();
                stopEditing();
                setDraft(subtask.title);
              }
            }}
            onBlur={() => {
              // Another window took the focus: the field stays open.
              if (!leaving.current && document.hasFocus()) save(false);
            }}
            autoFocus
            className="min-w-0 flex-1 rounded-md border border-line bg-canvas px-2 py-1 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus"
          />
        </form>
      ) : (
        <>
          <span
            className={`min-w-0 flex-1 px-1 py-1 text-sm break-words ${subtask.completed ? "text-ink-muted line-through" : ""}`}
          >
            {subtask.title}
          </span>
          {editable && (
            <>
              <button
                ref={renameRef}
                type="button"
                className={iconButton}
                title="Rename"
                onClick={() => {
                  leaving.current = false;
                  setDraft(subtask.title);
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Rename {subtask.title}</span>
              </button>
              <button
                type="button"
                className={`${iconButton} hover:text-danger`}
                title="Delete"
                onClick={() => void subtaskActions.remove(client, task, subtask.id)}
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Delete subtask {subtask.title}</span>
              </button>
            </>
          )}
        </>
      )}
    </li>
  );
}

function AddSubtaskForm({ task }: { task: Task }) {
  const client = useQueryClient();
  const [title, setTitle] = useState("");
  const [adding, setAdding] = useState(0);
  // One add at a time, in the order typed: each answer is the whole task, and an answer that
  // overtook another would leave that one's subtask out.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    setTitle("");
    setAdding((count) => count + 1);
    queue.current = queue.current.then(async () => {
      // The task as the previous add left it, not as it was when this one was typed.
      const current = client.getQueryData<Task>(taskKeys.one(task.id)) ?? task;
      const added = await subtaskActions.add(client, current, trimmed);
      setAdding((count) => count - 1);
      if (!added) setTitle((value) => value || trimmed);
    });
  }

  return (
    <form aria-label="Add a subtask" aria-busy={adding > 0} onSubmit={submit} className="mt-3 flex gap-2">
      <label htmlFor={inputId} className="sr-only">
        New subtask
      </label>
      <input
        id={inputId}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={SUBTASK_TITLE_MAX_LENGTH}
        placeholder="Add a step…"
        autoComplete="off"
        className="block w-full min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus"
      />
      <button type="submit" className={buttonClass.secondary}>
        <Plus aria-hidden="true" className="size-4" />
        Add
      </button>
    </form>
  );
}
