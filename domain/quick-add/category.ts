/** Category: "#Home" or '#"Two words"', matched against the group's category names. */
import type { QuickAddCategory, Span } from "./types.js";

/**
 * After a space or at the start: a quoted name, or a run of letters, digits, "_", "-", "&" and
 * "/". Digits alone ("#1 client", "#4521") are a number, not a category, unless one is so named.
 */
const TAG = /(^|\s)#(?:"([^"]+)"|“([^”]+)”|([\p{L}\p{N}_][\p{L}\p{N}_&/-]*))/gu;

/** Case, accents, and "-" or "_" for a space make no difference: "#home-tasks" finds "Home tasks". */
function comparable(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-_\s]+/g, " ")
    .trim();
}

/** How well a category's name fits what was typed: 3 the same, 2 starts with it, 1 has it as a word, 0 not at all. */
function fit(typed: string, name: string): number {
  if (name === typed) return 3;
  if (name.startsWith(`${typed} `)) return 2;
  if (` ${name} `.includes(` ${typed} `)) return 1;
  return 0;
}

/** The categories the typed name fits, best first: the same name, then names starting with it, then names holding it as a word; shorter names first within each. */
export function matchCategories(typed: string, categories: readonly QuickAddCategory[]): QuickAddCategory[] {
  const wanted = comparable(typed);
  if (!wanted) return [];
  return categories
    .map((category, order) => ({ category, order, score: fit(wanted, comparable(category.name)) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.category.name.length - b.category.name.length || a.order - b.order)
    .map((candidate) => candidate.category);
}

export interface CategoryFound {
  part: Span;
  /** The name as typed, without "#" or quotes. */
  typed: string;
  /** The best match, or null when none fits. */
  category: QuickAddCategory | null;
}

/** The first "#name" of the text (a second one stays in the title). */
export function findCategory(masked: string, categories: readonly QuickAddCategory[]): CategoryFound | null {
  TAG.lastIndex = 0;
  for (let match = TAG.exec(masked); match; match = TAG.exec(masked)) {
    const quoted = match[2] ?? match[3];
    const typed = (quoted ?? match[4]!.replace(/[&/-]+$/u, "")).trim();
    const start = match.index + match[1]!.length;
    const end = quoted === undefined ? start + 1 + typed.length : match.index + match[0].length;
    const category = matchCategories(typed, categories)[0] ?? null;
    if (!typed || (!category && /^\p{N}+$/u.test(typed))) continue;
    return { part: { start, end }, typed, category };
  }
  return null;
}
