import { type AddMissingResult, MEAL_MESSAGES } from "../../../../domain/meals/meals.js";
import { SHOPPING_CATEGORY } from "../../../../domain/shopping/list.js";
import { changesForList, neededItems, summariseChanges } from "../../../../domain/meals/shopping-rules.js";
import { createTaskSchema } from "../../../../domain/tasks.js";
import { addDays, mondayOf } from "../../../../domain/time-rules.js";
import type { AppDeps } from "../../../deps.js";
import { AppError, NotFoundError } from "../../../errors.js";
import type { TaskRecord } from "../../../repositories/task-repository.js";
import type { User } from "../../../repositories/user-repository.js";
import { createTask, updateTask } from "../../../services/tasks/tasks.js";
import { announceMeals, meals, requireMember } from "./access.js";
import type { MealRow } from "./repository.js";

/** Shopping items completed within this many days are the pantry: bought lately, likely still there. */
export const PANTRY_DAYS = 7;

/** The group's own shopping-category tasks, open and done. */
export async function shoppingLines(deps: AppDeps, groupId: string): Promise<TaskRecord[]> {
  const tasks = await deps.repositories.tasks.listForGroup(groupId);
  return tasks.filter((task) => task.groupId === groupId && task.category === SHOPPING_CATEGORY);
}

/**
 * Adds what the week's meals (or one meal) need to the group's shopping list, through the task
 * service the app uses (so every device hears of it and offline ones catch up). An item already
 * on the list gets its amount added to that line; one whose amount does not add up stays as it
 * is and is reported. Meals whose ingredients went to the list before, unchanged since, are left
 * out: pressing the button twice does not double the list.
 */
export async function addMissingIngredients(
  deps: AppDeps,
  user: User,
  groupId: string,
  which: { week?: string; mealId?: string },
): Promise<AddMissingResult> {
  await requireMember(deps, user, groupId);
  const repository = meals(deps);
  let rows;
  if (which.mealId) {
    const meal = await repository.findMeal(groupId, which.mealId);
    if (!meal) throw new NotFoundError(MEAL_MESSAGES.mealNotFound);
    rows = [meal];
  } else {
    const week = mondayOf(which.week!);
    rows = await repository.mealsBetween(groupId, week, addDays(week, 6));
  }
  const at = new Date().toISOString();
  const claimed = new Set(
    await repository.claimIngredients(
      groupId,
      rows.filter((row) => row.recipe_id && row.ingredients_added_at === null).map((row) => row.id),
      at,
    ),
  );
  const pending = rows.filter((row) => claimed.has(row.id));
  const mealsAlreadyAdded = rows.filter((row) => row.recipe_id).length - pending.length;
  let result: AddMissingResult;
  try {
    result = await addToList(deps, user, groupId, pending);
  } catch (error) {
    await repository.releaseIngredients(groupId, [...claimed], at);
    throw error;
  }
  result.mealsAlreadyAdded = mealsAlreadyAdded;
  if (pending.length) await announceMeals(deps, groupId);
  result.summary = summariseChanges(
    result.added.length,
    result.merged.length,
    result.skipped.length,
    mealsAlreadyAdded,
  );
  return result;
}

/** The ingredients of these meals, scaled and added up, onto the open lines of the list. */
async function addToList(deps: AppDeps, user: User, groupId: string, pending: MealRow[]): Promise<AddMissingResult> {
  const recipes = new Map((await meals(deps).listRecipes(groupId)).map((row) => [row.id, row]));
  const needed = neededItems(
    pending.flatMap((row) => {
      const recipe = recipes.get(row.recipe_id!);
      if (!recipe) return [];
      const ingredients = JSON.parse(recipe.ingredients) as string[];
      return [{ servings: row.servings, recipeServings: recipe.servings, ingredients }];
    }),
  );
  const open = (await shoppingLines(deps, groupId)).filter((task) => !task.completed);
  const changes = changesForList(
    needed,
    open.map((task) => ({ id: task.id, title: task.title })),
  );
  const result: AddMissingResult = { added: [], merged: [], skipped: [], mealsAlreadyAdded: 0, summary: "" };
  for (const change of changes) {
    if (change.kind === "add") {
      await createTask(
        deps,
        user,
        createTaskSchema.parse({ groupId, title: change.title, category: SHOPPING_CATEGORY }),
      );
      result.added.push(change.title);
    } else if (change.kind === "merge") {
      try {
        await updateTask(deps, user, change.lineId, { title: change.to });
        result.merged.push({ from: change.from, to: change.to });
      } catch (error) {
        // A locked line is its owner's to change: it stays, and the answer says so.
        if (!(error instanceof AppError)) throw error;
        result.skipped.push({ item: change.to, reason: `"${change.from}" could not be changed: ${error.message}` });
      }
    } else {
      result.skipped.push({ item: change.item, reason: change.reason });
    }
  }
  return result;
}

/**
 * What the meals planned from today to a week ahead still need, for the list's suggestions
 * (docs/shopping.md, "Suggestions"): the ingredients of meals whose ingredients were not added to
 * the list yet, each with the meal it is for. The list's part leaves out what is on the list.
 */
export async function plannedNeeds(
  deps: AppDeps,
  groupId: string,
  today: string,
): Promise<{ name: string; meal: string }[]> {
  const repository = meals(deps);
  const rows = (await repository.mealsBetween(groupId, today, addDays(today, 6))).filter(
    (row) => row.recipe_id && row.ingredients_added_at === null,
  );
  if (rows.length === 0) return [];
  const recipes = new Map((await repository.listRecipes(groupId)).map((row) => [row.id, row]));
  const needs: { name: string; meal: string }[] = [];
  for (const row of rows) {
    const recipe = recipes.get(row.recipe_id!);
    if (!recipe) continue;
    const ingredients = JSON.parse(recipe.ingredients) as string[];
    for (const item of neededItems([{ servings: row.servings, recipeServings: recipe.servings, ingredients }]))
      needs.push({ name: item.name, meal: recipe.name });
  }
  return needs;
}
