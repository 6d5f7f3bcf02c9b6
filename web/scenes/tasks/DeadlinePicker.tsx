import { useQueryClient } from "@tanstack/react-query";
import { Ban, CalendarCheck, CalendarPlus, Check, Clock, Sofa, Sun, X } from "lucide-react";
import { type KeyboardEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Task } from "../../../domain/tasks";
import { useUnsavedEdit } from "../../components/LeaveGuard";
import { appTimeLocale } from "../../stores/time-locale";
import { cachedTask } from "../../realtime/task-sync";
import { type DeadlineChoiceKey, deadlineChoices, formatDay, withDate } from "./deadline-choices";
import { editTask } from "./task-actions";
import { localTimeZone } from "./task-view";

const CHOICE_ICONS: Record<DeadlineChoiceKey, typeof Sun> = {
  today: CalendarCheck,
  tomorrow: Sun,
  "next-week": CalendarPlus,
  weekend: Sofa,
};

const datePart = (deadline: string | null) => deadline?.slice(0, 10) ?? "";
const timePart = (deadline: string | null) => deadline?.slice(11, 16) ?? "";
type DeadlinePart = "date" | "time";

const fieldClass =
  "block w-full min-w-0 rounded-lg border border-line bg-canvas px-2.5 py-1.5 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus aria-invalid:border-danger disabled:opacity-60";
const choiceClass =
  "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-ink hover:bg-surface-muted focus-visible:bg-surface-muted";
const smallButton =
  "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink disabled:cursor-not-allowed disabled:opacity-60";

/** Where the picker goes: below its anchor, or above it when there is no room below; inside the window. */
function placeNear(anchor: DOMRect, size: { width: number; height: number }): { top: number; left: number } {
  const margin = 8;
  const below = anchor.bottom + 4;
  const above = anchor.top - 4 - size.height;
  const top = below + size.height <= window.innerHeight - margin || above < margin ? below : above;
  const left = Math.min(anchor.left, window.innerWidth - size.width - margin);
  return {
    top: Math.max(margin, Math.min(top, window.innerHeight - size.height - margin)),
    left: Math.max(margin, left),
  };
}

function elementOf(anchor: RefObject<HTMLElement | null> | HTMLElement | null): HTMLElement | null {
  if (!anchor) return null;
  return anchor instanceof HTMLElement ? anchor : anchor.current;
}

/**
 * The deadline in two clicks: Today, Tomorrow, Next week, the weekend or no date, each naming the
 * date it means, plus a date field and an optional time. Every choice is saved at once
 * (optimistic, queued offline), keeping the time of day the deadline had. A non-modal dialog in
 * the top layer (so a scrolling pane does not clip it): the arrow keys move between the choices,
 * Enter picks, Escape closes, and focus goes back to the anchor.
 *
 * The date and time fields are saved when focus leaves them, on Enter and when the picker closes,
 * not at each change: typing a year changes the value at every digit (0002, 0020, 0203, 2031). A
 * half-typed date is saved neither as the deadline nor as its removal; the field says so.
 */
export function DeadlinePicker({
  task,
  anchor,
  onDone,
  now: givenNow,
}: {
  task: Task;
  /** The control that opened the picker: it sits next to it, and focus goes back to it. */
  anchor: RefObject<HTMLElement | null> | HTMLElement | null;
  /** The picker is done (a choice, Escape, a click or Tab elsewhere): unmount it. */
  onDone: () => void;
  now?: Date;
}) {
  const client = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const [now] = useState(() => givenNow ?? new Date());
  const zone = localTimeZone();
  const choices = deadlineChoices(now, zone);
  const [date, setDate] = useState(() => datePart(task.deadline));
  const [time, setTime] = useState(() => timePart(task.deadline));
  const [showTime, setShowTime] = useState(() => timePart(task.deadline) !== "");
  const [shown, setShown] = useState(task.deadline);
  const [incomplete, setIncomplete] = useState<DeadlinePart | null>(null);
  // What the inputs hold but their value cannot say, read on their events.
  const halfTyped = useRef<Record<DeadlinePart, boolean>>({ date: false, time: false });
  const closing = useRef(false);
  // A choice was picked: nothing typed in the fields is saved over it when the picker closes.
  const picked = useRef(false);
  const titleId = useId();
  const dateId = useId();
  const timeId = useId();
  const errorId = useId();
  const next = date ? (time ? `${date}T${time}` : date) : null;

  // Changed elsewhere, or put back after a failed save: shown, unless an edit here is under way.
  if (task.deadline !== shown) {
    setShown(task.deadline);
    if (next === shown && !incomplete) {
      setDate(datePart(task.deadline));
      setTime(timePart(task.deadline));
      if (timePart(task.deadline)) setShowTime(true);
    }
  }

  function save(deadline: string | null) {
    const latest = cachedTask(client, task.id) ?? task;
    if (deadline === latest.deadline) return;
    void editTask(
      client,
      latest,
      { deadline },
      { success: "Task updated successfully", failure: "Failed to update task deadline" },
    );
  }

  function unfinished(): DeadlinePart | null {
    if (halfTyped.current.date) return "date";
    return halfTyped.current.time && date ? "time" : null;
  }

  function track(part: DeadlinePart, input: HTMLInputElement) {
    halfTyped.current[part] = input.validity.badInput;
    if (incomplete && !unfinished()) setIncomplete(null);
  }

  /** Saves what the fields hold; false when a half-typed value keeps it from being saved. */
  function commit(): boolean {
    const half = unfinished();
    setIncomplete(half);
    if (half) return false;
    save(next);
    return true;
  }

  function close({ refocus }: { refocus: boolean }) {
    if (closing.current) return;
    // A click elsewhere or Tab away leaves a half-typed date on screen, saying what it lacks, rather
    // than dropping it unseen: Escape, a choice or finishing it closes the picker.
    if (!refocus && unfinished()) {
      setIncomplete(unfinished());
      return;
    }
    closing.current = true;
    if (refocus) elementOf(anchor)?.focus();
    onDone();
  }

  function pick(deadline: string | null) {
    picked.current = true;
    save(deadline);
    close({ refocus: true });
  }

  // Closing with a click elsewhere, Tab, or the page going away saves a finished date or time.
  const latestCommit = useRef(commit);
  const latestClose = useRef(close);
  useEffect(() => {
    latestCommit.current = commit;
    latestClose.current = close;
  });
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === "hidden") latestCommit.current();
    };
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      if (!picked.current) latestCommit.current();
    };
  }, []);
  useUnsavedEdit("deadline", () => (unfinished() ? "the deadline you started typing" : null));

  // In the top layer, beside the anchor, following it when the page scrolls or the window resizes.
  useLayoutEffect(() => {
    const popover = ref.current;
    if (!popover) return;
    if (typeof popover.showPopover === "function" && !popover.matches(":popover-open")) popover.showPopover();
    function place() {
      const target = elementOf(anchor);
      if (!popover || !target) return;
      setPosition(
        placeNear(target.getBoundingClientRect(), { width: popover.offsetWidth, height: popover.offsetHeight }),
      );
    }
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [anchor]);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("[data-choice]")?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (ref.current?.contains(target) || elementOf(anchor)?.contains(target)) return;
      latestClose.current({ refocus: false });
    }
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
    // Once, when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const focusTime = useRef(false);
  useEffect(() => {
    if (showTime && focusTime.current) {
      focusTime.current = false;
      timeInput.current?.focus();
    }
  }, [showTime]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close({ refocus: true });
      return;
    }
    const target = event.target as HTMLElement;
    if (!target.hasAttribute("data-choice")) return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>("[data-choice]") ?? [])];
    const index = items.indexOf(target);
    const to: Record<string, number> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const destination = to[event.key];
    if (destination === undefined) return;
    event.preventDefault();
    items[destination]?.focus();
  }

  /** Escape in a field with an edit puts the field back as it was and leaves it; without one, it closes. */
  function onFieldEscape(event: KeyboardEvent<HTMLInputElement>, part: DeadlinePart) {
    if (event.key !== "Escape") return;
    const original = part === "date" ? datePart(task.deadline) : timePart(task.deadline);
    const current = part === "date" ? date : time;
    if (current === original && !halfTyped.current[part]) return;
    event.preventDefault();
    event.stopPropagation();
    if (part === "date") setDate(original);
    else setTime(original);
    // A half-typed value is not in `value`: React would leave it on screen.
    event.currentTarget.value = original;
    halfTyped.current[part] = false;
    setIncomplete(null);
    ref.current?.querySelector<HTMLElement>("[data-choice]")?.focus();
  }

  const currentDate = datePart(task.deadline);

  return (
    <div
      ref={ref}
      popover="manual"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        // Tab out of the picker (a click elsewhere is handled on pointerdown).
        if (to && !ref.current?.contains(to) && !elementOf(anchor)?.contains(to)) close({ refocus: false });
      }}
      style={{
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        right: "auto",
        bottom: "auto",
      }}
      className="fixed z-50 m-0 w-72 max-w-[calc(100vw-1rem)] overflow-visible rounded-xl border border-line bg-surface p-1.5 text-ink shadow-xl"
    >
      <h2 id={titleId} className="px-2.5 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        Deadline
      </h2>
      <ul className="space-y-0.5">
        {choices.map((choice) => {
          const Icon = CHOICE_ICONS[choice.key];
          const chosen = currentDate === choice.date;
          return (
            <li key={choice.key}>
              <button
                type="button"
                data-choice
                className={choiceClass}
                onClick={() => pick(withDate(task.deadline, choice.date))}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand" />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{choice.label}</span>{" "}
                  <span className="text-ink-muted">· {formatDay(choice.date, appTimeLocale())}</span>
                  {chosen && <span className="sr-only">, the current deadline</span>}
                </span>
                {chosen && <Check aria-hidden="true" className="size-4 shrink-0 text-brand" />}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" data-choice className={choiceClass} onClick={() => pick(null)}>
            <Ban aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="min-w-0 flex-1 font-medium">
              No date
              {!task.deadline && <span className="sr-only">, as now</span>}
            </span>
            {!task.deadline && <Check aria-hidden="true" className="size-4 shrink-0 text-brand" />}
          </button>
        </li>
      </ul>

      <div className="mt-1.5 space-y-2 border-t border-line px-2.5 pt-2.5 pb-1.5">
        <div className="flex items-center gap-2">
          <label htmlFor={dateId} className="w-10 shrink-0 text-sm font-medium">
            Date
          </label>
          <input
            ref={dateInput}
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => {
              track("date", event.currentTarget);
              setDate(event.target.value);
            }}
            onKeyUp={(event) => track("date", event.currentTarget)}
            onBlur={(event) => {
              track("date", event.currentTarget);
              commit();
            }}
            onKeyDown={(event) => {
              onFieldEscape(event, "date");
              if (event.key === "Enter") {
                event.preventDefault();
                if (commit()) close({ refocus: true });
              }
            }}
            aria-invalid={incomplete === "date" || undefined}
            aria-describedby={incomplete === "date" ? errorId : undefined}
            className={fieldClass}
          />
        </div>
        {showTime ? (
          <div className="flex items-center gap-2">
            <label htmlFor={timeId} className="w-10 shrink-0 text-sm font-medium">
              Time
            </label>
            <input
              ref={timeInput}
              id={timeId}
              type="time"
              value={time}
              disabled={!date}
              onChange={(event) => {
                track("time", event.currentTarget);
                setTime(event.target.value);
              }}
              onKeyUp={(event) => track("time", event.currentTarget)}
              onBlur={(event) => {
                track("time", event.currentTarget);
                commit();
              }}
              onKeyDown={(event) => {
                onFieldEscape(event, "time");
                if (event.key === "Enter") {
                  event.preventDefault();
                  if (commit()) close({ refocus: true });
                }
              }}
              aria-invalid={incomplete === "time" || undefined}
              aria-describedby={incomplete === "time" ? errorId : undefined}
              className={fieldClass}
            />
            <button
              type="button"
              className={`${smallButton} shrink-0 px-1.5`}
              onClick={() => {
                setTime("");
                setShowTime(false);
                halfTyped.current.time = false;
                setIncomplete(null);
                if (date) save(date);
              }}
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Remove the time</span>
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={smallButton}
            disabled={!date}
            title={date ? undefined : "Choose a date first"}
            onClick={() => {
              focusTime.current = true;
              setShowTime(true);
            }}
          >
            <Clock aria-hidden="true" className="size-4" />
            Add time
          </button>
        )}
        {incomplete && (
          <p id={errorId} className="text-sm text-danger">
            {incomplete === "date"
              ? "The date is not complete. Finish it (day, month and year) or choose No date; until then it is not saved."
              : "The time is not complete. Finish it or remove it; until then the deadline is not saved."}
          </p>
        )}
      </div>
    </div>
  );
}
