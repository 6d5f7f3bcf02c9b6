import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CloudOff, LoaderCircle, NotebookPen } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Task } from "../../../domain/tasks";
import { TASK_NOTES_MAX_LENGTH } from "../../../domain/task-rules";
import { buttonClass, inputClass } from "../../components/form";
import { Markdown } from "../../components/Markdown";
import { isOnline } from "../../offline/connectivity";
import { cachedTask } from "../../realtime/task-sync";
import { notify } from "../../stores/notifier";
import { editTask } from "./task-actions";

/** How long typing pauses before the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 1_000;

type SaveState = "idle" | "saving" | "saved" | "saved-offline" | "failed";

const STATE_TEXT: Record<Exclude<SaveState, "idle">, string> = {
  saving: "Saving…",
  saved: "Saved",
  "saved-offline": "Saved on this device",
  failed: "Not saved",
};

/**
 * The task's notes (markdown), saved as they are written: a second after typing pauses, and when
 * the field is left (also by going to another page or hiding the tab), with "Saving…" and "Saved"
 * beside the heading. Escape puts back the notes as they were when the field was entered and
 * leaves it. Leaving the field says "Notes updated successfully" once, when something changed.
 */
export function NotesEditor({ task, editable }: { task: Task; editable: boolean }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.notes);
  const [state, setState] = useState<SaveState>("idle");
  const inputId = useId();
  const hintId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const focusEditButton = useRef(false);
  /** The notes when the field was entered (what Escape puts back). */
  const original = useRef(task.notes);
  /** The last value handed to a save (sent, queued or under way). */
  const submitted = useRef(task.notes);
  /** Saves run one after another, in the order typed. */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestDraft = useRef(draft);
  const editingRef = useRef(editing);

  function changeDraft(value: string) {
    latestDraft.current = value;
    setDraft(value);
  }

  function save(value: string): Promise<boolean> {
    clearTimeout(timer.current);
    if (value === submitted.current) return chain.current.then(() => true);
    const before = submitted.current;
    submitted.current = value;
    setState("saving");
    const run = chain.current.then(async () => {
      const latest = cachedTask(client, task.id) ?? task;
      if (latest.notes === value) return true;
      const ok = await editTask(client, latest, { notes: value }, { failure: "Failed to update task notes" });
      if (!ok && submitted.current === value) submitted.current = before;
      // A later save under way has its own outcome to show.
      if (submitted.current === value || !ok) setState(ok ? (isOnline() ? "saved" : "saved-offline") : "failed");
      return ok;
    });
    chain.current = run.catch(() => false);
    return run;
  }

  function schedule(value: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(value), NOTES_SAVE_DELAY_MS);
  }

  function start() {
    leaving.current = false;
    original.current = task.notes;
    submitted.current = task.notes;
    changeDraft(task.notes);
    setEditing(true);
  }

  // Set once the field is being left, so its blur as it goes (Escape) does nothing more.
  const leaving = useRef(false);

  async function leave(revert: boolean) {
    if (leaving.current) return;
    leaving.current = true;
    const value = revert ? original.current : latestDraft.current;
    focusEditButton.current = revert;
    setEditing(false);
    if (revert) changeDraft(value);
    const ok = await save(value);
    // One toast however many saves: a second one replaces it instead of stacking.
    if (ok && !revert && value !== original.current)
      notify.success("Notes updated successfully", { id: `notes-${task.id}` });
  }

  // Hiding the tab, closing the pane or going to another page saves what was typed.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === "hidden" && latestDraft.current !== submitted.current) {
        void save(latestDraft.current);
      }
    };
    document.addEventListener("visibilitychange", flush);
    return () => document.removeEventListener("visibilitychange", flush);
  });
  useEffect(() => {
    editingRef.current = editing;
  });
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (editingRef.current && latestDraft.current !== submitted.current) void save(latestDraft.current);
    },
    // Reads refs only: runs once, when the editor goes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useLayoutEffect(() => {
    if (editing || !focusEditButton.current) return;
    focusEditButton.current = false;
    editButton.current?.focus();
  }, [editing]);

  const stateShown = state === "idle" ? null : STATE_TEXT[state];

  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <h2 id="notes-heading" className="text-lg font-semibold">
            Notes
          </h2>
          <p role="status" className="flex items-center gap-1 text-xs text-ink-muted">
            {state === "saving" && <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />}
            {state === "saved-offline" && <CloudOff aria-hidden="true" className="size-3.5" />}
            {state === "failed" && <CircleAlert aria-hidden="true" className="size-3.5 text-danger" />}
            {stateShown}
          </p>
        </div>
        {editable && !editing && (
          <button ref={editButton} type="button" className={buttonClass.secondary} onClick={start}>
            <NotebookPen aria-hidden="true" className="size-4" />
            {task.notes ? "Edit notes" : "Add notes"}
          </button>
        )}
      </div>
      {editing ? (
        <div>
          <label htmlFor={inputId} className="sr-only">
            Notes
          </label>
          <textarea
            id={inputId}
            value={draft}
            onChange={(event) => {
              changeDraft(event.target.value);
              schedule(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                void leave(true);
              }
            }}
            onBlur={() => {
              // Another window or tab took the focus: the field stays open; what it holds is saved.
              if (!document.hasFocus()) void save(latestDraft.current);
              else void leave(false);
            }}
            maxLength={TASK_NOTES_MAX_LENGTH}
            rows={8}
            autoFocus
            aria-describedby={hintId}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={hintId} className="mt-1 text-xs text-ink-muted">
            Saved as you type. Markdown works: **bold**, *italic*, lists, [links](https://example.org). HTML is shown as
            text. Escape puts back what was there.
          </p>
        </div>
      ) : task.notes.trim() ? (
        <Markdown source={task.notes} />
      ) : (
        <p className="text-sm text-ink-muted">No notes yet.</p>
      )}
    </>
  );
}
