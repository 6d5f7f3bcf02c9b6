/**
 * The world the assistant's corpus is spoken in: one user's open tasks and categories, and the
 * moments they talk. corpus.ts holds the phrases written with the rules; corpus-held-out.ts the
 * phrases written apart from them, which measure how well the rules carry over.
 */
import type { Priority } from "../task-rules.js";

export interface CorpusTask {
  id: string;
  title: string;
  completed: boolean;
  category: string;
  deadline: string | null;
  priority: Priority;
}

export interface CorpusCategory {
  id: string;
  /** As the app shows it (a default's label, a custom category's name). */
  label: string;
}

export const CORPUS_CATEGORIES: readonly CorpusCategory[] = [
  { id: "work", label: "Work Tasks" },
  { id: "personal", label: "Personal Tasks" },
  { id: "shopping", label: "Shopping List" },
  { id: "group", label: "Family Events" },
  { id: "other", label: "Other Tasks" },
  { id: "home", label: "Home" },
  { id: "garden", label: "Garden & Yard" },
  { id: "health", label: "Health" },
  { id: "finance", label: "Finance" },
];

const open = (id: string, title: string, category: string, deadline: string | null = null): CorpusTask => ({
  id,
  title,
  completed: false,
  category,
  deadline,
  priority: "medium",
});

export const CORPUS_TASKS: readonly CorpusTask[] = [
  open("t-milk", "Buy milk", "shopping"),
  open("t-mom", "Call mom", "personal"),
  open("t-report", "Write quarterly report", "work", "2026-03-06"),
  open("t-dentist", "Dentist appointment", "health", "2026-03-10T09:30"),
  open("t-bins", "Take out the bins", "home"),
  open("t-car", "Wash the car", "personal"),
  open("t-tax", "File tax return", "finance", "2026-03-31"),
  open("t-plants", "Water the plants", "home"),
  open("t-invoice", "Send invoice to ACME", "work"),
  open("t-sarah-trip", "Email Sarah about the trip", "personal"),
  open("t-sarah-budget", "Email Sarah about the budget", "work"),
  open("t-gym", "Book gym class", "health"),
  open("t-hedge", "Trim the hedge", "garden"),
  open("t-slides", "Prepare slides for Monday meeting", "work"),
  open("t-vet", "Take Rex to the vet", "personal", "2026-03-05T16:00"),
  { ...open("t-rent", "Pay rent", "finance"), completed: true },
];

/**
 * The moments phrases are said at. A row's `due` is a wall-clock deadline in its scene's zone:
 * "2026-03-05" (a day) or "2026-03-05T17:00".
 */
export const CORPUS_SCENES = {
  /** Wednesday 4 March 2026, 15:00 in Berlin: most rows. */
  berlin: { now: new Date("2026-03-04T14:00:00Z"), timeZone: "Europe/Berlin", locale: "en-GB" },
  /** Wednesday 4 March 2026, 09:00 in New York (month-first numeric dates). */
  newYork: { now: new Date("2026-03-04T14:00:00Z"), timeZone: "America/New_York", locale: "en-US" },
  /** Saturday 28 March 2026, 23:30 in Berlin: the clocks go forward that night (02:00 → 03:00). */
  berlinBeforeDst: { now: new Date("2026-03-28T22:30:00Z"), timeZone: "Europe/Berlin", locale: "en-GB" },
  /** Thursday 5 March 2026, 08:00 in Auckland (already a day ahead of UTC). */
  auckland: { now: new Date("2026-03-04T19:00:00Z"), timeZone: "Pacific/Auckland", locale: "en-NZ" },
} as const;

export type CorpusSceneName = keyof typeof CORPUS_SCENES;

/** What the assistant should propose, compactly. Fields left out must be absent (or the default). */
export type ExpectedAction =
  | {
      /** The new task's title, exactly. */
      create: string;
      due?: string;
      priority?: Priority;
      /** A category id. */
      category?: string;
      notes?: string;
      /** An RRULE value, as quick add reads it ("FREQ=WEEKLY;BYDAY=MO"). */
      repeat?: string;
    }
  | { complete: string }
  | {
      /** The id of the task to change. */
      update: string;
      title?: string;
      /** null removes the deadline. */
      due?: string | null;
      priority?: Priority;
      category?: string;
      notes?: string;
      completed?: boolean;
    };

export interface CorpusCase {
  say: string;
  /** Berlin unless named. */
  scene?: CorpusSceneName;
  /** The task open on screen, which "it" and "this" refer to. */
  currentTask?: string;
  /** The actions, in the order said. Empty when nothing should be proposed. */
  expect: ExpectedAction[];
  /** True when the assistant must ask back (two tasks fit) instead of proposing. */
  ask?: true;
}
