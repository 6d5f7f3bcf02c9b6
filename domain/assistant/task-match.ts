/**
 * Which of the user's tasks a phrase names ("the report", "mom", "bought the milk"): by the words
 * they share, not by the exact title. Two that fit equally well are both returned, so the
 * assistant asks back instead of guessing.
 */
import { FILLER_WORDS } from "./words.js";

export interface MatchableTask {
  id: string;
  title: string;
  completed: boolean;
}

/** Lowercased words without accents or punctuation; a plural and its singular are one word. */
export function contentWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/'s$/, "").replace(/'/g, ""))
    .filter((word) => word && !FILLER_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

interface Fit {
  task: MatchableTask;
  /** The share of the phrase's words the title has. */
  coverage: number;
  /** The share of the title's words the phrase has. */
  precision: number;
}

function fitOf(phrase: readonly string[], task: MatchableTask): Fit {
  const title = contentWords(task.title);
  const shared = phrase.filter((word) => title.includes(word)).length;
  return {
    task,
    coverage: phrase.length ? shared / phrase.length : 0,
    precision: title.length ? shared / title.length : 0,
  };
}

/**
 * The tasks the phrase fits best: one when it is clear, two or more when they fit alike, none when
 * no task has at least half of the phrase's words. `completed` says which tasks may be named
 * (open ones to complete or change, done ones to reopen).
 */
export function matchTasks(phrase: string, tasks: readonly MatchableTask[], completed = false): MatchableTask[] {
  const words = contentWords(phrase);
  if (words.length === 0) return [];
  const fits = tasks
    .filter((task) => task.completed === completed)
    .map((task) => fitOf(words, task))
    .filter((fit) => fit.coverage >= 0.5)
    .sort((a, b) => b.coverage - a.coverage || b.precision - a.precision);
  const best = fits[0];
  if (!best) return [];
  return fits
    .filter((fit) => fit.coverage === best.coverage && fit.precision === best.precision)
    .map((fit) => fit.task);
}
