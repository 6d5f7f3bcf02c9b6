import { type AddMissingResult, MEAL_MESSAGES } from "../../../../domain/meals/meals.js";
import { changesForList, neededItems, summariseChanges } from "../../../../domain/meals/shopping-rules.js";
import { createTaskSchema } from "../../../../domain/tasks.js";
import { addDays, mondayOf } from "../../../../domain/time-rules.js";
import type { AppDeps } from "../../../deps.js";
import { AppError, NotFoundError } from "../../../errors.js";
import type { TaskRecord } from "../../../repositories/task-repository.js";
import type { User } from "../../../repositories/user-repository.js";
import { createTask, updateTask } from "../../../services/tasks/tasks.js";
import { announceMeals, meals, requireMember } from "./access.js";

/** The group's shopping list is its tasks in the category every group has, "shopping". */
export const SHOPPING_CATEGORY = "shopping";
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
  const pending = rows.filter((row) => row.recipe_id && row.ingredients_added_at === null);
  const mealsAlreadyAdded = rows.filter((row) => row.recipe_id && row.ingredients_added_at !== null).length;
  const recipes = new Map((await repository.listRecipes(groupId)).map((row) => [row.id, row]));
  const needed = neededItems(
    pending.flatMap((row) => {
      const recipe = recipes.get(row.recipe_id!);
      if (!recipe) return [];
      return [
        {
          servings: row.servings,
          recipeServings: recipe.servings,
          ingredients: JSON.parse(recipe.ingredients) as string[],
        },
      ];
    }),
  );
  const open = (await shoppingLines(deps, groupId)).filter((task) => !task.completed);
  const changes = changesForList(
    needed,
    open.map((task) => ({ id: task.id, title: task.title })),
  );

  const result: AddMissingResult = { added: [], merged: [], skipped: [], mealsAlreadyAdded, summary: "" };
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
  await repository.markIngredientsAdded(
    groupId,
    pending.map((row) => row.id),
    new Date().toISOString(),
  );
  if (pending.length) await announceMeals(deps, groupId);
  result.summary = summariseChanges(
    result.added.length,
    result.merged.length,
    result.skipped.length,
    mealsAlreadyAdded,
  );
  return result;
}
