import { randomUUID } from "node:crypto";
import {
  type ImportedRecipeForm,
  MEAL_MESSAGES,
  type Meal,
  type MealChange,
  type MealInput,
  type Recipe,
  type RecipeInput,
  type Suggestions,
  type WeekPlan,
} from "../../../../domain/meals/meals.js";
import { importRecipe } from "../../../../domain/meals/recipe-import.js";
import { rankSuggestions } from "../../../../domain/meals/suggestion-rules.js";
import { parseItemText } from "../../../../domain/shopping/quantity.js";
import { addDays, mondayOf } from "../../../../domain/time-rules.js";
import type { AppDeps } from "../../../deps.js";
import { NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { announceMeals, meals, requireMember } from "./access.js";
import type { MealRow, RecipeRow } from "./repository.js";

/** A meal planned without servings, of a recipe without any. */
const DEFAULT_SERVINGS = 2;
import { PANTRY_DAYS, shoppingLines } from "./shopping-list.js";

function presentRecipe(row: RecipeRow): Recipe {
  const ingredients = JSON.parse(row.ingredients) as string[];
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    description: row.description,
    ingredients: ingredients.map((text) => {
      const parsed = parseItemText(text);
      return { text, name: parsed.name, quantity: parsed.quantity, unit: parsed.unit };
    }),
    sections: JSON.parse(row.sections) as Recipe["sections"],
    tags: JSON.parse(row.tags) as string[],
    totalMinutes: row.total_minutes,
    prepMinutes: row.prep_minutes,
    cookMinutes: row.cook_minutes,
    servings: row.servings,
    sourceUrl: row.source_url,
    imageUrl: row.image_url,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function recipeColumns(input: RecipeInput) {
  return {
    name: input.name,
    description: input.description,
    ingredients: JSON.stringify(input.ingredients.filter((line) => line !== "")),
    sections: JSON.stringify(
      input.sections
        .map((section) => ({ name: section.name, steps: section.steps.map((step) => step.trim()).filter(Boolean) }))
        .filter((section) => section.steps.length > 0),
    ),
    tags: JSON.stringify([...new Set(input.tags)]),
    total_minutes: input.totalMinutes,
    prep_minutes: input.prepMinutes,
    cook_minutes: input.cookMinutes,
    servings: input.servings,
    source_url: input.sourceUrl,
    image_url: input.imageUrl,
  };
}

export async function listRecipes(deps: AppDeps, user: User, groupId: string): Promise<{ recipes: Recipe[] }> {
  await requireMember(deps, user, groupId);
  return { recipes: (await meals(deps).listRecipes(groupId)).map(presentRecipe) };
}

async function recipeOf(deps: AppDeps, groupId: string, recipeId: string): Promise<RecipeRow> {
  const row = await meals(deps).findRecipe(groupId, recipeId);
  if (!row) throw new NotFoundError(MEAL_MESSAGES.recipeNotFound);
  return row;
}

export async function getRecipe(deps: AppDeps, user: User, groupId: string, recipeId: string): Promise<Recipe> {
  await requireMember(deps, user, groupId);
  return presentRecipe(await recipeOf(deps, groupId, recipeId));
}

export async function createRecipe(deps: AppDeps, user: User, groupId: string, input: RecipeInput): Promise<Recipe> {
  await requireMember(deps, user, groupId);
  const at = new Date().toISOString();
  const row: RecipeRow = {
    id: randomUUID(),
    group_id: groupId,
    ...recipeColumns(input),
    created_by: user.id,
    created_at: at,
    updated_at: at,
  };
  await meals(deps).insertRecipe(row);
  await announceMeals(deps, groupId);
  return presentRecipe(row);
}

export async function updateRecipe(
  deps: AppDeps,
  user: User,
  groupId: string,
  recipeId: string,
  input: RecipeInput,
): Promise<Recipe> {
  await requireMember(deps, user, groupId);
  await recipeOf(deps, groupId, recipeId);
  await meals(deps).updateRecipe(groupId, recipeId, { ...recipeColumns(input), updated_at: new Date().toISOString() });
  await announceMeals(deps, groupId);
  return presentRecipe(await recipeOf(deps, groupId, recipeId));
}

/** Its planned meals stay, with its name as their text (the plan is history too). */
export async function deleteRecipe(deps: AppDeps, user: User, groupId: string, recipeId: string): Promise<void> {
  await requireMember(deps, user, groupId);
  if ((await meals(deps).deleteRecipe(groupId, recipeId)) === 0) throw new NotFoundError(MEAL_MESSAGES.recipeNotFound);
  await announceMeals(deps, groupId);
}

/** Reads a pasted page or its JSON-LD; nothing is saved (the user reviews the form first). */
export async function importRecipeText(
  deps: AppDeps,
  user: User,
  groupId: string,
  text: string,
): Promise<{ recipe: ImportedRecipeForm }> {
  await requireMember(deps, user, groupId);
  const result = importRecipe(text);
  if (!result.ok) throw new ValidationError(result.message);
  const recipe = result.recipe;
  const sections = recipe.sections ?? (recipe.steps.length ? [{ name: "", steps: recipe.steps }] : []);
  return {
    recipe: {
      name: recipe.name,
      description: recipe.description,
      ingredients: recipe.ingredients,
      sections,
      tags: recipe.tags,
      totalMinutes: recipe.totalMinutes,
      prepMinutes: recipe.prepMinutes,
      cookMinutes: recipe.cookMinutes,
      servings: recipe.servings,
      // Only an https image is kept: the page shows it, and a plain-http one would be mixed content.
      imageUrl: recipe.imageUrl?.startsWith("https://") ? recipe.imageUrl : "",
    },
  };
}

function presentMeal(row: MealRow, recipeNames: Map<string, string>): Meal {
  return {
    id: row.id,
    groupId: row.group_id,
    date: row.date,
    slot: row.slot,
    recipeId: row.recipe_id,
    title: (row.recipe_id && recipeNames.get(row.recipe_id)) || row.title,
    servings: row.servings,
    cookId: row.cook_id,
    ingredientsAdded: row.ingredients_added_at !== null,
    createdAt: row.created_at,
  };
}

async function recipeNames(deps: AppDeps, groupId: string): Promise<Map<string, string>> {
  return new Map((await meals(deps).listRecipes(groupId)).map((row) => [row.id, row.name]));
}

export async function getWeek(deps: AppDeps, user: User, groupId: string, day: string): Promise<WeekPlan> {
  await requireMember(deps, user, groupId);
  const week = mondayOf(day);
  const rows = await meals(deps).mealsBetween(groupId, week, addDays(week, 6));
  const names = await recipeNames(deps, groupId);
  return { week, meals: rows.map((row) => presentMeal(row, names)) };
}

async function checkCook(deps: AppDeps, groupId: string, cookId: string | null | undefined): Promise<void> {
  if (cookId && !(await deps.repositories.groups.memberRole(groupId, cookId)))
    throw new ValidationError(MEAL_MESSAGES.cookNotMember);
}

/** The recipe a meal names must be the group's; its name becomes the meal's text. */
async function mealRecipe(
  deps: AppDeps,
  groupId: string,
  recipeId: string | null,
  title: string,
): Promise<{ title: string; servings: number | null }> {
  if (recipeId) {
    const recipe = await meals(deps).findRecipe(groupId, recipeId);
    if (!recipe) throw new ValidationError(MEAL_MESSAGES.recipeNotFound);
    return { title: recipe.name, servings: recipe.servings };
  }
  if (!title) throw new ValidationError(MEAL_MESSAGES.mealNeedsWhat);
  return { title, servings: null };
}

export async function addMeal(deps: AppDeps, user: User, groupId: string, input: MealInput): Promise<Meal> {
  await requireMember(deps, user, groupId);
  await checkCook(deps, groupId, input.cookId);
  const at = new Date().toISOString();
  const what = await mealRecipe(deps, groupId, input.recipeId, input.title);
  const row: MealRow = {
    id: randomUUID(),
    group_id: groupId,
    date: input.date,
    slot: input.slot,
    recipe_id: input.recipeId,
    title: what.title,
    servings: input.servings ?? what.servings ?? DEFAULT_SERVINGS,
    cook_id: input.cookId,
    ingredients_added_at: null,
    created_at: at,
    updated_at: at,
  };
  await meals(deps).insertMeal(row);
  await announceMeals(deps, groupId);
  return presentMeal(row, new Map());
}

async function mealOf(deps: AppDeps, groupId: string, mealId: string): Promise<MealRow> {
  const row = await meals(deps).findMeal(groupId, mealId);
  if (!row) throw new NotFoundError(MEAL_MESSAGES.mealNotFound);
  return row;
}

/** Moves a meal to another day, or changes what, how much or who cooks. */
export async function changeMeal(
  deps: AppDeps,
  user: User,
  groupId: string,
  mealId: string,
  change: MealChange,
): Promise<Meal> {
  await requireMember(deps, user, groupId);
  const meal = await mealOf(deps, groupId, mealId);
  await checkCook(deps, groupId, change.cookId);
  const recipeId = change.recipeId !== undefined ? change.recipeId : meal.recipe_id;
  const whatChanged = change.recipeId !== undefined || change.title !== undefined;
  const title = whatChanged
    ? (await mealRecipe(deps, groupId, recipeId, change.title ?? (recipeId ? "" : meal.title))).title
    : meal.title;
  // Another recipe or other servings need other ingredients: they count as not added yet.
  const amountsChanged =
    (change.recipeId !== undefined && change.recipeId !== meal.recipe_id) ||
    (change.servings !== undefined && change.servings !== meal.servings);
  await meals(deps).updateMeal(groupId, mealId, {
    ...(change.date !== undefined && { date: change.date }),
    ...(change.slot !== undefined && { slot: change.slot }),
    ...(change.servings !== undefined && { servings: change.servings }),
    ...(change.cookId !== undefined && { cook_id: change.cookId }),
    recipe_id: recipeId,
    title,
    ...(amountsChanged && { ingredients_added_at: null }),
    updated_at: new Date().toISOString(),
  });
  await announceMeals(deps, groupId);
  return presentMeal(await mealOf(deps, groupId, mealId), await recipeNames(deps, groupId));
}

export async function removeMeal(deps: AppDeps, user: User, groupId: string, mealId: string): Promise<void> {
  await requireMember(deps, user, groupId);
  if ((await meals(deps).deleteMeal(groupId, mealId)) === 0) throw new NotFoundError(MEAL_MESSAGES.mealNotFound);
  await announceMeals(deps, groupId);
}

/**
 * The group's recipes for a day, best first (docs/shopping.md, "Meals"): what the shopping list
 * and the pantry (shopping items completed within the last 7 days) hold, no repeat within 7
 * days, and variety of tags across the week.
 */
export async function suggestMeals(deps: AppDeps, user: User, groupId: string, date: string): Promise<Suggestions> {
  await requireMember(deps, user, groupId);
  const repository = meals(deps);
  const recipes = (await repository.listRecipes(groupId)).map((row) => ({
    id: row.id,
    name: row.name,
    tags: JSON.parse(row.tags) as string[],
    ingredients: JSON.parse(row.ingredients) as string[],
  }));
  const planned = (await repository.recipeMeals(groupId)).map((row) => ({ recipeId: row.recipe_id, date: row.date }));
  const since = new Date(Date.now() - PANTRY_DAYS * 86_400_000).toISOString();
  const lines = await shoppingLines(deps, groupId);
  const held = lines
    .filter((line) => !line.completed || (line.completedAt !== null && line.completedAt >= since))
    .map((line) => line.title);
  return { date, suggestions: rankSuggestions(date, recipes, planned, held) };
}
