import { addDays, daysBetween, mondayOf } from "../time-rules.js";
import { parseItemText } from "../shopping/quantity.js";
import { normaliseName } from "./shopping-rules.js";

/**
 * How meal suggestions are ranked (docs/shopping.md, "Meals"): recipes whose ingredients the
 * group already holds come first; none planned within 7 days of the day; and tags the week
 * already has count against a recipe, so the week varies.
 */

/** A recipe planned this many days before or after the day is not suggested. */
export const NO_REPEAT_DAYS = 7;
export const MAX_SUGGESTIONS = 10;
/** What one tag the week already has takes off a recipe's share of ingredients at hand. */
const TAG_PENALTY = 0.2;
/** A recipe not planned for a long time gains a little, up to this, over one planned lately. */
const REST_BONUS = 0.1;

export interface SuggestionRecipe {
  id: string;
  name: string;
  tags: readonly string[];
  ingredients: readonly string[];
}

export interface PlannedDay {
  recipeId: string | null;
  date: string;
}

export interface RankedSuggestion {
  recipeId: string;
  name: string;
  tags: string[];
  have: number;
  total: number;
  lastPlanned: string | null;
  score: number;
  reasons: string[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The recipes for `date`, best first. `held` are the names on the shopping list and in the pantry
 * (bought lately); `planned` every planned meal of the group.
 */
export function rankSuggestions(
  date: string,
  recipes: readonly SuggestionRecipe[],
  planned: readonly PlannedDay[],
  held: readonly string[],
): RankedSuggestion[] {
  const holding = new Set(held.map((name) => normaliseName(parseItemText(name).name)));
  const week = mondayOf(date);
  const weekEnd = addDays(week, 6);
  const recipeTags = new Map(recipes.map((recipe) => [recipe.id, recipe.tags.map((tag) => tag.toLowerCase())]));
  const weekTags = new Map<string, number>();
  for (const meal of planned) {
    if (!meal.recipeId || meal.date < week || meal.date > weekEnd) continue;
    for (const tag of new Set(recipeTags.get(meal.recipeId) ?? [])) weekTags.set(tag, (weekTags.get(tag) ?? 0) + 1);
  }

  const ranked: RankedSuggestion[] = [];
  for (const recipe of recipes) {
    const dates = planned.filter((meal) => meal.recipeId === recipe.id).map((meal) => meal.date);
    if (dates.some((day) => Math.abs(daysBetween(day, date)) < NO_REPEAT_DAYS)) continue;
    const names = recipe.ingredients.map((line) => normaliseName(parseItemText(line).name)).filter(Boolean);
    const have = names.filter((name) => holding.has(name)).length;
    const before = dates.filter((day) => day < date).sort();
    const lastPlanned = before.at(-1) ?? null;
    const repeatedTags = [...new Set(recipe.tags.map((tag) => tag.toLowerCase()))].filter((tag) => weekTags.has(tag));
    const rest = lastPlanned === null ? 1 : Math.min(1, daysBetween(lastPlanned, date) / 60);
    const score = (names.length ? have / names.length : 0) - TAG_PENALTY * repeatedTags.length + REST_BONUS * rest;

    const reasons: string[] = [];
    reasons.push(names.length ? `You have ${have} of ${names.length} ingredients` : "No ingredients listed to compare");
    reasons.push(
      lastPlanned === null
        ? "Not planned before"
        : `Not planned for ${plural(daysBetween(lastPlanned, date), "day", "days")}`,
    );
    if (repeatedTags.length) reasons.push(`Already this week: ${repeatedTags.join(", ")}`);
    else if (recipe.tags.length) reasons.push("Adds variety to the week");
    ranked.push({
      recipeId: recipe.id,
      name: recipe.name,
      tags: [...recipe.tags],
      have,
      total: names.length,
      lastPlanned,
      score: Math.round(score * 1000) / 1000,
      reasons,
    });
  }
  return ranked.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, MAX_SUGGESTIONS);
}
