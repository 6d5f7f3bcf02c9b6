/** The meal planner's tables, added to the database's type where the module is (docs/modules.md). */
export interface MealRecipeTable {
  id: string;
  group_id: string;
  name: string;
  description: string;
  /** JSON string[]: the ingredient lines. */
  ingredients: string;
  /** JSON {name, steps}[]. */
  sections: string;
  /** JSON string[]. */
  tags: string;
  total_minutes: number | null;
  prep_minutes: number | null;
  cook_minutes: number | null;
  servings: number | null;
  source_url: string;
  image_url: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface MealPlanMealTable {
  id: string;
  group_id: string;
  /** "2026-11-30". */
  date: string;
  slot: string;
  recipe_id: string | null;
  title: string;
  servings: number;
  cook_id: string | null;
  ingredients_added_at: string | null;
  created_at: string;
  updated_at: string;
}

declare module "../../../db/schema.js" {
  interface DB {
    meal_recipes: MealRecipeTable;
    meal_plan_meals: MealPlanMealTable;
  }
}
