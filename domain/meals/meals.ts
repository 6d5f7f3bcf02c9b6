import { z } from "zod";
import { calendarDateSchema, storableText } from "../fields.js";
import { MAX_INPUT_CHARS } from "./recipe-import.js";

/**
 * The meal planner's requests and answers (docs/shopping.md, "Meals"): a group's recipes, its
 * week of meals, what "Add missing ingredients" did and the meal suggestions.
 */

/** The live event after any write to a group's recipes or plan (with the group's id). */
export const MEALS_CHANGED_EVENT = "meals.changed";

export const MEAL_MESSAGES = {
  recipeNotFound: "Recipe not found",
  mealNotFound: "Meal not found",
  cookNotMember: "The cook must be a member of the group",
  mealNeedsWhat: "Pick a recipe or type what you will eat",
  importTooLarge: "That page is too large to import (more than 2 MB).",
} as const;

export const MAX_SERVINGS = 100;
export const MAX_MINUTES = 10_000;
export const MAX_RECIPE_LINES = 200;
export const MAX_RECIPE_TAGS = 30;
export const MAX_RECIPE_SECTIONS = 30;
/** The import's text fits in 2 MB; JSON escaping of a page's quotes and newlines makes the body larger. */
export const IMPORT_BODY_LIMIT = 3 * MAX_INPUT_CHARS;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- text of several lines keeps its line breaks and tabs
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** One line of text, trimmed: no control characters. */
const line = (label: string, max: number) =>
  storableText()
    .trim()
    .max(max, `${label}: use at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), `${label} contains a control character`);

/** Text that may run over several lines. */
const lines = (label: string, max: number) =>
  storableText()
    .max(max, `${label}: use at most ${max} characters`)
    .refine((value) => !CONTROL_BUT_LINES.test(value), `${label} contains a control character`);

const webAddress = (label: string) =>
  line(label, 2000).refine(
    (value) => value === "" || /^https?:\/\/[^\s/]+/i.test(value),
    `${label}: use an address starting with https://`,
  );

const minutes = z
  .number({ error: "Use a number of minutes" })
  .int("Use whole minutes")
  .min(0, "Minutes cannot be negative")
  .max(MAX_MINUTES, `Use at most ${MAX_MINUTES} minutes`)
  .nullable();

export const servingsSchema = z
  .number({ error: "Use a number of servings" })
  .int("Use whole servings")
  .min(1, "Servings must be at least 1")
  .max(MAX_SERVINGS, `Use at most ${MAX_SERVINGS} servings`);

const id = storableText().min(1).max(100);
export const groupParams = z.object({ groupId: id });
export const recipeParams = groupParams.extend({ recipeId: id });
export const mealParams = groupParams.extend({ mealId: id });

export const recipeSectionSchema = z.object({
  /** "" for steps under no heading. */
  name: line("A section's name", 300),
  steps: z.array(lines("A step", 5000)).max(MAX_RECIPE_LINES, `Use at most ${MAX_RECIPE_LINES} steps`),
});
export type RecipeSectionInput = z.infer<typeof recipeSectionSchema>;

export const recipeInputSchema = z.object({
  name: line("The name", 300).min(1, "Give the recipe a name"),
  description: lines("The description", 5000).default(""),
  ingredients: z
    .array(line("An ingredient", 5000))
    .max(MAX_RECIPE_LINES, `Use at most ${MAX_RECIPE_LINES} ingredients`)
    .default([]),
  sections: z
    .array(recipeSectionSchema)
    .max(MAX_RECIPE_SECTIONS, `Use at most ${MAX_RECIPE_SECTIONS} sections`)
    .default([]),
  tags: z
    .array(line("A tag", 50).min(1, "A tag cannot be empty"))
    .max(MAX_RECIPE_TAGS, `Use at most ${MAX_RECIPE_TAGS} tags`)
    .default([]),
  totalMinutes: minutes.default(null),
  prepMinutes: minutes.default(null),
  cookMinutes: minutes.default(null),
  servings: servingsSchema.nullable().default(null),
  sourceUrl: webAddress("The source address").default(""),
  imageUrl: webAddress("The image address").default(""),
});
export type RecipeInput = z.infer<typeof recipeInputSchema>;

export const ingredientSchema = z.object({
  text: z.string(),
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
});
export type Ingredient = z.infer<typeof ingredientSchema>;

export const recipeSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  description: z.string(),
  ingredients: z.array(ingredientSchema),
  sections: z.array(z.object({ name: z.string(), steps: z.array(z.string()) })),
  tags: z.array(z.string()),
  totalMinutes: z.number().nullable(),
  prepMinutes: z.number().nullable(),
  cookMinutes: z.number().nullable(),
  servings: z.number().nullable(),
  sourceUrl: z.string(),
  imageUrl: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Recipe = z.infer<typeof recipeSchema>;
export const recipesSchema = z.object({ recipes: z.array(recipeSchema) });

export const importRequestSchema = z.object({
  text: storableText()
    .min(1, "Paste a page's source or its recipe data")
    .max(MAX_INPUT_CHARS, MEAL_MESSAGES.importTooLarge),
});
/** What an import read: the form's values, not saved. */
export const importedRecipeSchema = z.object({
  recipe: recipeSchema
    .pick({
      name: true,
      description: true,
      tags: true,
      totalMinutes: true,
      prepMinutes: true,
      cookMinutes: true,
      servings: true,
      imageUrl: true,
      sections: true,
    })
    .extend({ ingredients: z.array(z.string()) }),
});
export type ImportedRecipeForm = z.infer<typeof importedRecipeSchema>["recipe"];

export const MEAL_SLOTS = ["breakfast", "lunch", "dinner"] as const;

export const mealInputSchema = z.object({
  date: calendarDateSchema,
  /** breakfast, lunch, dinner or a label of the user's ("Picnic"). */
  slot: line("The meal's label", 40).min(1, "Name the meal (breakfast, lunch, dinner or your own)"),
  recipeId: id.nullable().default(null),
  /** What is eaten when no recipe is picked ("Leftovers"). */
  title: line("The meal", 200).default(""),
  /** Left out: the recipe's servings, or 2 for a meal without one. */
  servings: servingsSchema.optional(),
  cookId: id.nullable().default(null),
});
export type MealInput = z.infer<typeof mealInputSchema>;

export const mealChangeSchema = z.object({
  date: calendarDateSchema.optional(),
  slot: line("The meal's label", 40).min(1, "Name the meal (breakfast, lunch, dinner or your own)").optional(),
  recipeId: id.nullable().optional(),
  title: line("The meal", 200).optional(),
  servings: servingsSchema.optional(),
  cookId: id.nullable().optional(),
});
export type MealChange = z.infer<typeof mealChangeSchema>;

export const mealSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  date: z.string(),
  slot: z.string(),
  recipeId: z.string().nullable(),
  /** The recipe's name, or the free text. */
  title: z.string(),
  servings: z.number(),
  cookId: z.string().nullable(),
  /** Its ingredients went to the shopping list since it last changed. */
  ingredientsAdded: z.boolean(),
  createdAt: z.string(),
});
export type Meal = z.infer<typeof mealSchema>;

export const weekQuerySchema = z.object({ week: calendarDateSchema });
export const weekPlanSchema = z.object({
  /** The week's Monday. */
  week: z.string(),
  meals: z.array(mealSchema),
});
export type WeekPlan = z.infer<typeof weekPlanSchema>;

export const addMissingSchema = z
  .object({ week: calendarDateSchema.optional(), mealId: id.optional() })
  .refine((value) => (value.week === undefined) !== (value.mealId === undefined), "Send a week or a meal, not both");

export const addMissingResultSchema = z.object({
  added: z.array(z.string()),
  merged: z.array(z.object({ from: z.string(), to: z.string() })),
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  /** Meals whose ingredients were already on the list (added before and unchanged since). */
  mealsAlreadyAdded: z.number(),
  summary: z.string(),
});
export type AddMissingResult = z.infer<typeof addMissingResultSchema>;

export const suggestionsQuerySchema = z.object({ date: calendarDateSchema });
export const suggestionSchema = z.object({
  recipeId: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  have: z.number(),
  total: z.number(),
  lastPlanned: z.string().nullable(),
  score: z.number(),
  reasons: z.array(z.string()),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.object({ date: z.string(), suggestions: z.array(suggestionSchema) });
export type Suggestions = z.infer<typeof suggestionsSchema>;
