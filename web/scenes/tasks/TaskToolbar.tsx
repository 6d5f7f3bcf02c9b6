import { Search, SlidersHorizontal, X } from "lucide-react";
import { type Ref, useEffect, useId, useRef, useState } from "react";
import type { Category } from "../../../domain/categories";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { SORT_LABELS, SORTS, type TaskSort } from "./task-view";

const control =
  "rounded-lg border border-line bg-canvas px-2.5 py-1.5 text-sm text-ink focus:border-brand focus:outline-3 focus:outline-focus";

/**
 * Search, then "Filter" folding the category, the order and completed tasks into one button, so
 * the list starts right under the quick add. What is in force is said on the button ("Filter · 2")
 * and, for the category, as a chip that clears it.
 */
export function TaskToolbar({
  hidden,
  searchRef,
  text,
  onText,
  categories,
  category,
  onCategory,
  sort,
  onSort,
  showCompleted,
  onShowCompleted,
}: {
  hidden: boolean;
  searchRef: Ref<HTMLInputElement>;
  text: string;
  onText: (text: string) => void;
  categories: readonly Category[];
  category: string | null;
  onCategory: (category: string | null) => void;
  sort: TaskSort;
  onSort: (sort: TaskSort) => void;
  showCompleted: boolean;
  onShowCompleted: (value: boolean) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const searchId = useId();
  const categoryId = useId();
  const sortId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // What differs from the list as it starts: a category, another order, completed tasks hidden.
  const active = (category !== null ? 1 : 0) + (sort !== "manual" ? 1 : 0) + (showCompleted ? 0 : 1);
  const categoryLabel = categories.find((option) => option.id === category)?.label;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div role="search" aria-label="Search and filter tasks" hidden={hidden} className="flex min-w-0 items-center gap-2">
      <div className="relative w-32 min-w-0 sm:w-52">
        <label htmlFor={searchId} className="sr-only">
          Search tasks
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-ink-muted"
        />
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              if (text) onText("");
              else event.currentTarget.blur();
            }
          }}
          placeholder="Search"
          className={`h-10 w-full pl-8 ${control}`}
        />
      </div>
      {categoryLabel && (
        <button
          type="button"
          onClick={() => onCategory(null)}
          className="inline-flex h-10 max-w-32 items-center gap-1 truncate rounded-full bg-brand-soft px-3 text-sm text-ink"
        >
          {categoryLabel}
          <X aria-hidden="true" className="size-3.5" />
          <span className="sr-only">: show all categories</span>
        </button>
      )}
      <div ref={boxRef} className="relative">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className={`inline-flex h-10 items-center gap-1.5 ${control} font-medium ${active ? "border-brand" : ""}`}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Filter</span>
          {active > 0 && (
            <span className="text-ink-muted">
              <span className="hidden sm:inline"> · </span>
              {active}
              <span className="sr-only"> in force</span>
            </span>
          )}
        </button>
        <div
          id={panelId}
          hidden={!open}
          className="absolute top-full right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-xl border border-line bg-surface p-4 shadow-lg"
        >
          <div>
            <label htmlFor={categoryId} className="block text-xs font-medium text-ink-muted">
              Category
            </label>
            <select
              id={categoryId}
              value={category ?? ""}
              onChange={(event) => onCategory(event.target.value || null)}
              className={`mt-1 w-full ${control}`}
            >
              <option value="">All categories</option>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={sortId} className="block text-xs font-medium text-ink-muted">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => onSort(event.target.value as TaskSort)}
              className={`mt-1 w-full ${control}`}
            >
              {SORTS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <OptimisticCheckbox
              checked={showCompleted}
              onCheckedChange={onShowCompleted}
              className="size-4 accent-brand"
            />
            Show completed
          </label>
        </div>
      </div>
    </div>
  );
}
