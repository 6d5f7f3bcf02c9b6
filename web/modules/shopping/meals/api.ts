import type {
  AddMissingResult,
  ImportedRecipeForm,
  Meal,
  MealChange,
  MealInput,
  Recipe,
  RecipeInput,
  Suggestions,
  WeekPlan,
} from "../../../../domain/meals/meals";
import { apiFetch } from "../../../api/http";

const base = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

export const listRecipes = (groupId: string) =>
  apiFetch<{ recipes: Recipe[] }>(`${base(groupId)}/recipes`).then((answer) => answer.recipes);

export const createRecipe = (groupId: string, input: RecipeInput) =>
  apiFetch<Recipe>(`${base(groupId)}/recipes`, { method: "POST", body: input });

export const updateRecipe = (groupId: string, id: string, input: RecipeInput) =>
  apiFetch<Recipe>(`${base(groupId)}/recipes/${encodeURIComponent(id)}`, { method: "PUT", body: input });

export const deleteRecipe = (groupId: string, id: string) =>
  apiFetch<void>(`${base(groupId)}/recipes/${encodeURIComponent(id)}`, { method: "DELETE" });

export const importRecipe = (groupId: string, text: string) =>
  apiFetch<{ recipe: ImportedRecipeForm }>(`${base(groupId)}/recipes/import`, { method: "POST", body: { text } }).then(
    (answer) => answer.recipe,
  );

export const getWeek = (groupId: string, week: string) =>
  apiFetch<WeekPlan>(`${base(groupId)}/meal-plan?week=${encodeURIComponent(week)}`);

export const addMeal = (groupId: string, input: Partial<MealInput> & Pick<MealInput, "date" | "slot">) =>
  apiFetch<Meal>(`${base(groupId)}/meal-plan/meals`, { method: "POST", body: input });

export const changeMeal = (groupId: string, id: string, change: MealChange) =>
  apiFetch<Meal>(`${base(groupId)}/meal-plan/meals/${encodeURIComponent(id)}`, { method: "PATCH", body: change });

export const removeMeal = (groupId: string, id: string) =>
  apiFetch<void>(`${base(groupId)}/meal-plan/meals/${encodeURIComponent(id)}`, { method: "DELETE" });

export const addMissing = (groupId: string, which: { week: string } | { mealId: string }) =>
  apiFetch<AddMissingResult>(`${base(groupId)}/meal-plan/add-missing`, { method: "POST", body: which });

export const getSuggestions = (groupId: string, date: string) =>
  apiFetch<Suggestions>(`${base(groupId)}/meal-suggestions?date=${encodeURIComponent(date)}`);
