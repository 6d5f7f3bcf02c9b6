import { type KeyboardEvent, useId, useRef, useState } from "react";
import { inputClass, labelClass } from "../../../components/form";
import { useCurrentGroup } from "../../../hooks/use-groups";
import { RecipesTab } from "./RecipesTab";
import { WeekTab } from "./WeekTab";

const TABS = [
  { id: "week", label: "Week" },
  { id: "recipes", label: "Recipes" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** /meal-planner: a group's week of meals and its recipes (docs/shopping.md, "Meals"). */
export default function MealPlannerPage() {
  const { current, groups } = useCurrentGroup();
  const [chosen, setChosen] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("week");
  const group = groups.find((candidate) => candidate.id === chosen) ?? current;
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys move between the tabs, as in any tab list.
  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="min-w-0 space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Meal planner</h1>
        <p className="mt-1 text-ink-muted">
          Plan the week&rsquo;s meals with your group, keep your recipes, and put what is missing on the shopping list.
        </p>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-64">
          <label htmlFor={`${baseId}-group`} className={labelClass}>
            Group
          </label>
          <select
            id={`${baseId}-group`}
            className={inputClass}
            value={group?.id ?? ""}
            onChange={(event) => setChosen(event.target.value)}
          >
            {groups.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div
          role="tablist"
          aria-label="Meal planner views"
          className="inline-flex rounded-lg border border-line bg-surface p-1"
        >
          {TABS.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${item.id}-tab`}
              aria-controls={`${baseId}-${item.id}-panel`}
              aria-selected={tab === item.id}
              tabIndex={tab === item.id ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={(event) => onTabKey(event, index)}
              className="rounded-md px-4 py-1.5 text-sm font-semibold text-ink-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus aria-selected:bg-brand aria-selected:text-brand-ink"
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>

      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {!group ? (
          <p className="rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
            Your groups are loading. The meal planner shows one group&rsquo;s week and recipes at a time.
          </p>
        ) : tab === "week" ? (
          <WeekTab key={group.id} group={group} onOpenRecipes={() => setTab("recipes")} />
        ) : (
          <RecipesTab key={group.id} groupId={group.id} />
        )}
      </div>
    </div>
  );
}
