import type { Category } from "../../../../domain/categories";
import { categoryLook } from "../../../../domain/category-rules";
import { CategoryBadge } from "../CategoryChip";

/** `#name` being typed where the caret is: where it starts and ends, and the name so far. */
export function typedCategoryAt(text: string, caret: number): { start: number; end: number; typed: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)#([^\s#"]*)$/u.exec(before);
  if (!match) return null;
  const start = before.length - match[2]!.length - 1;
  const after = /^[^\s#]*/u.exec(text.slice(caret))![0];
  return { start, end: caret + after.length, typed: match[2]! + after };
}

/** Without case, accents, or the difference between "-", "_" and a space, as quick add compares names. */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[-_]/g, " ");
}

/**
 * The categories whose name the `#name` being typed begins, then those with a word it begins:
 * "#sho" offers Shopping List, "#li" too. `#` alone offers them all.
 */
export function categoriesBeginningWith<C extends { label: string }>(typed: string, categories: readonly C[]): C[] {
  const start = folded(typed);
  const whole = categories.filter((category) => folded(category.label).startsWith(start));
  const byWord = categories.filter(
    (category) =>
      !whole.includes(category) &&
      folded(category.label)
        .split(/\s+/)
        .some((word) => word.startsWith(start)),
  );
  return [...whole, ...byWord];
}

/** The categories a `#name` being typed fits, best first; Tab or a click takes one. */
export function CategorySuggestions({
  suggestions,
  onPick,
}: {
  suggestions: readonly Category[];
  onPick: (category: Category) => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm" aria-label="Matching categories" role="group">
      <span className="text-xs text-ink-muted">Tab for the first:</span>
      {suggestions.slice(0, 5).map((category) => (
        <button
          key={category.id}
          type="button"
          // Keeps focus in the field: the suggestion is picked without leaving the line.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(category)}
          className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-line px-2.5 text-ink hover:bg-surface-muted"
        >
          <CategoryBadge category={categoryLook(suggestions, category.id)} />
          {category.label}
        </button>
      ))}
    </div>
  );
}
