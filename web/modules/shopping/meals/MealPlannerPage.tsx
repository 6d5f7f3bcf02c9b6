import { useId, useState } from "react";
import { inputClass, labelClass } from "../../../components/form";
import { TabList, TabPanel } from "../../../components/Tabs";
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
        <TabList label="Meal planner views" tabs={TABS} selected={tab} onSelect={setTab} idBase={baseId} />
      </div>

      <TabPanel idBase={baseId} tab={tab}>
        {!group ? (
          <p className="rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
            Your groups are loading. The meal planner shows one group&rsquo;s week and recipes at a time.
          </p>
        ) : tab === "week" ? (
          <WeekTab key={group.id} group={group} onOpenRecipes={() => setTab("recipes")} />
        ) : (
          <RecipesTab key={group.id} groupId={group.id} />
        )}
      </TabPanel>
    </div>
  );
}
