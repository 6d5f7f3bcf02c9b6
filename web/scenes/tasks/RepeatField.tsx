import { useQueryClient } from "@tanstack/react-query";
import { Repeat as RepeatIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { describeRepeat, presetOf, presetRules, type RepeatPreset } from "../../../domain/repeat-text";
import type { Repeat, Task } from "../../../domain/tasks";
import { inputClass, labelClass } from "../../components/form";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { editTask } from "./task-actions";
import { timeLocale } from "../../../domain/time-format";
import { appTimeLocale } from "../../stores/time-locale";

type Choice = RepeatPreset | "none" | "custom";

const messages = { success: "Task updated successfully", failure: "Failed to update the task's repeat" };

/** A deadline as a floating UTC date, which Intl names in the zone "UTC" as the wall clock shows it. */
function floating(deadline: string): Date {
  return new Date(`${deadline.length > 10 ? deadline : `${deadline}T00:00`}:00Z`);
}

const ordinal = (day: number) => {
  const tens = day % 100;
  return `${day}${tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th")}`;
};

/** The page is in English: its words are, also in a browser set to another language (dates are the browser's). */
/** The words of a repeat's sentence are English: in the user's English, else British order. */
function englishLocale(): string {
  const language = appTimeLocale();
  return language.toLowerCase().startsWith("en") ? language : "en-GB";
}

/** "Weekly on Monday", "Monthly on the 7th": the presets as the deadline makes them. */
function presetLabels(deadline: string, locale: string): Record<RepeatPreset, string> {
  const date = floating(deadline);
  const name = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
  return {
    daily: "Daily",
    weekdays: "Weekdays (Monday to Friday)",
    weekly: `Weekly on ${name({ weekday: "long" })}`,
    monthly: `Monthly on the ${ordinal(date.getUTCDate())}`,
    yearly: `Yearly on ${name({ day: "numeric", month: "long" })}`,
  };
}

/**
 * When the occurrence after this one is due, "Mon 14 Dec" (with its time): computed with rrule,
 * which loads only here, once the field shows a repeat. Null until then, or if it never comes.
 */
function useNextOccurrence(repeat: Repeat | null, deadline: string | null): string | null {
  const key = repeat && deadline && !repeat.fromCompletion ? `${repeat.rule}@${deadline}` : null;
  const [found, setFound] = useState<{ key: string; next: string | null } | null>(null);
  useEffect(() => {
    if (!key || !repeat || !deadline) return;
    let current = true;
    void import("../../../domain/recurrence").then(({ nextOccurrence }) => {
      if (current) setFound({ key, next: nextOccurrence(repeat.rule, deadline) });
    });
    return () => {
      current = false;
    };
  }, [key, repeat, deadline]);
  if (!key || found?.key !== key || !found.next) return null;
  const timed = found.next.length > 10;
  return new Intl.DateTimeFormat(timeLocale(appTimeLocale()), {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(found.next.slice(0, 4) !== deadline!.slice(0, 4) && { year: "numeric" }),
    ...(timed && { hour: "numeric", minute: "2-digit" }),
    timeZone: "UTC",
  }).format(floating(found.next));
}

/**
 * How a task repeats: none, an everyday rule made from its deadline, or a custom one (set by quick
 * add or the API), shown in words; and whether the next one counts from completion. Saved as it
 * changes, like the other details (optimistic, queued offline).
 */
export function RepeatField({ task, editable }: { task: Task; editable: boolean }) {
  const client = useQueryClient();
  const selectId = useId();
  const hintId = useId();
  const { repeat, deadline } = task;
  const choice: Choice = !repeat ? "none" : deadline ? presetOf(repeat.rule, deadline) : "custom";
  const locale = englishLocale();
  const labels = deadline ? presetLabels(deadline, locale) : null;
  const next = useNextOccurrence(repeat, deadline);
  const disabled = !editable || task.completed || !deadline;

  function choose(value: Choice) {
    if (value === "custom" || value === choice || !deadline) return;
    const rule = value === "none" ? null : presetRules(deadline)[value];
    void editTask(
      client,
      task,
      { repeat: rule === null ? null : { rule, fromCompletion: repeat?.fromCompletion ?? false } },
      messages,
    );
  }

  // A custom rule is said in full here too: the field cuts a long one off.
  const hint = task.completed
    ? "Reopen the task to make it repeat."
    : !deadline
      ? "Give the task a deadline to make it repeat."
      : !repeat
        ? null
        : [
            choice === "custom" && `Repeats ${describeRepeat(repeat.rule, locale)}.`,
            repeat.fromCompletion
              ? choice === "custom"
                ? "Counted from the day it is done."
                : `Counted from the day it is done: ${describeRepeat(repeat.rule, locale)}.`
              : next && `Done, it comes back on ${next}.`,
          ]
            .filter(Boolean)
            .join(" ") || null;

  return (
    <div>
      <label htmlFor={selectId} className={`${labelClass} flex items-center gap-1.5`}>
        <RepeatIcon aria-hidden="true" className="size-4" />
        Repeat
      </label>
      <select
        id={selectId}
        className={inputClass}
        value={choice}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => choose(event.target.value as Choice)}
      >
        <option value="none">None</option>
        {labels &&
          (Object.keys(labels) as RepeatPreset[]).map((preset) => (
            <option key={preset} value={preset}>
              {labels[preset]}
            </option>
          ))}
        {choice === "custom" && repeat && <option value="custom">Custom: {describeRepeat(repeat.rule, locale)}</option>}
      </select>
      <label className="mt-2 flex items-center gap-2 text-sm has-disabled:opacity-60">
        <OptimisticCheckbox
          checked={repeat?.fromCompletion ?? false}
          disabled={disabled || !repeat}
          onCheckedChange={(fromCompletion) =>
            repeat
              ? editTask(client, task, { repeat: { rule: repeat.rule, fromCompletion } }, messages)
              : Promise.resolve()
          }
          className="size-4 accent-brand"
        />
        Count from completion
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
