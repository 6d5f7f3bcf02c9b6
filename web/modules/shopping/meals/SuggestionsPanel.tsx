import { useQuery } from "@tanstack/react-query";
import type { Group } from "../../../../domain/groups";
import { buttonClass } from "../../../components/form";
import { useTimeLocale } from "../../../hooks/use-me";
import { addMeal, getSuggestions } from "./api";
import { dayLabel } from "./dates";
import { mealKeys } from "./keys";
import type { useMealWrite } from "./use-meal-write";

/** The group's recipes for a day, best first, each with why (docs/shopping.md, "Meals"). */
export function SuggestionsPanel({
  group,
  date,
  write,
  onOpenRecipes,
}: {
  group: Group;
  date: string;
  write: ReturnType<typeof useMealWrite>;
  onOpenRecipes: () => void;
}) {
  const locale = useTimeLocale();
  const suggestions = useQuery({
    queryKey: mealKeys.suggestions(group.id, date),
    queryFn: () => getSuggestions(group.id, date),
  });
  const list = suggestions.data?.suggestions ?? [];

  return (
    <section aria-labelledby="meal-suggestions" className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <h2 id="meal-suggestions" className="text-lg font-semibold">
        Suggestions for {dayLabel(date, locale)}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Recipes whose ingredients are on the shopping list or were bought in the last 7 days come first; none planned
        within a week of the day, and tags the week already has count against a recipe.
      </p>
      {suggestions.isError && <p className="mt-2 text-sm text-danger">The suggestions could not be loaded.</p>}
      {suggestions.data && list.length === 0 && (
        <p className="mt-3 rounded-lg border border-dashed border-line px-3 py-4 text-sm text-ink-muted">
          No recipe to suggest for this day: add your group&rsquo;s recipes under{" "}
          <button type="button" className="font-medium text-brand underline" onClick={onOpenRecipes}>
            Recipes
          </button>
          , or they are all planned within a week of it.
        </p>
      )}
      {list.length > 0 && (
        <ol className="mt-3 space-y-2">
          {list.map((suggestion) => (
            <li
              key={suggestion.recipeId}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-line bg-canvas p-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{suggestion.name}</p>
                <p className="text-sm text-ink-muted">{suggestion.reasons.join(" · ")}</p>
              </div>
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={write.busy}
                aria-label={`Plan ${suggestion.name} for dinner on ${dayLabel(date, locale)}`}
                onClick={() =>
                  void write.run(() => addMeal(group.id, { date, slot: "dinner", recipeId: suggestion.recipeId }))
                }
              >
                Plan for dinner
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
