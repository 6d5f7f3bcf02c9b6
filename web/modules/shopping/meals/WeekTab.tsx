import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import type { Group } from "../../../../domain/groups";
import type { AddMissingResult, Meal } from "../../../../domain/meals/meals";
import { addDays } from "../../../../domain/time-rules";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { buttonClass } from "../../../components/form";
import { WeekStepper } from "../../../components/WeekStepper";
import { useTimeLocale } from "../../../hooks/use-me";
import { addMissing, getWeek, listRecipes } from "./api";
import { DayCard } from "./DayCard";
import { daysOf, thisMonday, today, weekLabel } from "./dates";
import { mealKeys } from "./keys";
import { SuggestionsPanel } from "./SuggestionsPanel";
import { useMealWrite } from "./use-meal-write";

/** The week of meals, Monday to Sunday, with its shopping and the suggestions for a day. */
export function WeekTab({ group, onOpenRecipes }: { group: Group; onOpenRecipes: () => void }) {
  const locale = useTimeLocale();
  const [monday, setMonday] = useState(thisMonday);
  const days = daysOf(monday);
  const [suggestFor, setSuggestFor] = useState<string | null>(null);
  const dayForSuggestions =
    suggestFor && days.includes(suggestFor) ? suggestFor : days.includes(today()) ? today() : monday;
  const plan = useQuery({
    queryKey: mealKeys.week(group.id, monday),
    queryFn: () => getWeek(group.id, monday),
    placeholderData: keepPreviousData,
  });
  const recipes = useQuery({ queryKey: mealKeys.recipes(group.id), queryFn: () => listRecipes(group.id) });
  const write = useMealWrite();
  const [result, setResult] = useState<AddMissingResult | null>(null);
  const meals = plan.data?.week === monday ? plan.data.meals : [];
  const withRecipes = meals.filter((meal) => meal.recipeId !== null).length;

  async function shop(which: { week: string } | { mealId: string }) {
    setResult((await write.run(() => addMissing(group.id, which))) ?? null);
  }

  const mealsOf = (date: string): Meal[] => meals.filter((meal) => meal.date === date);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <WeekStepper label={weekLabel(monday, locale)} onStep={(weeks) => setMonday(addDays(monday, 7 * weeks))}>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={monday === thisMonday()}
            onClick={() => setMonday(thisMonday())}
          >
            Today
          </button>
        </WeekStepper>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={write.busy || withRecipes === 0}
          onClick={() => void shop({ week: monday })}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add missing ingredients to the shopping list
        </button>
      </div>

      <div aria-live="polite" role="status">
        {result && <ShoppingResult result={result} />}
        {write.error && <p className="text-sm text-danger">{write.error}</p>}
      </div>

      <DataUnavailable
        what="this week's meals"
        failure="The week's meals could not be loaded."
        failed={plan.isError && !plan.data}
        onRetry={() => void plan.refetch()}
      />

      {plan.data && meals.length === 0 && (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
          Nothing planned this week yet. Add a meal to a day below: pick one of your group&rsquo;s recipes, or type
          something like &ldquo;Leftovers&rdquo;. Meals made from recipes can put their ingredients on the shopping
          list.
        </p>
      )}

      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {days.map((date) => (
          <DayCard
            key={date}
            date={date}
            days={days}
            group={group}
            meals={mealsOf(date)}
            recipes={recipes.data ?? []}
            write={write}
            isToday={date === today()}
            onShopMeal={(mealId) => void shop({ mealId })}
            onSuggest={() => setSuggestFor(date)}
          />
        ))}
      </div>

      <SuggestionsPanel group={group} date={dayForSuggestions} write={write} onOpenRecipes={onOpenRecipes} />
    </div>
  );
}

function ShoppingResult({ result }: { result: AddMissingResult }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3 text-sm">
      <p className="font-medium">{result.summary}</p>
      {result.added.length > 0 && <p className="mt-1 text-ink-muted">Added: {result.added.join(", ")}</p>}
      {result.merged.length > 0 && (
        <p className="mt-1 text-ink-muted">
          Updated: {result.merged.map((change) => `${change.from} → ${change.to}`).join(", ")}
        </p>
      )}
      {result.skipped.length > 0 && (
        <ul className="mt-1 list-inside list-disc text-ink-muted">
          {result.skipped.map((skip) => (
            <li key={skip.item}>
              {skip.item}: {skip.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
