import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../../db/schema.js";
import "./tables.js";
import type { MealPlanMealTable, MealRecipeTable } from "./tables.js";

export type RecipeRow = Selectable<MealRecipeTable>;
export type MealRow = Selectable<MealPlanMealTable>;

/** Reads and writes of a group's recipes and planned meals; every call names the group. */
export class MealsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listRecipes(groupId: string): Promise<RecipeRow[]> {
    return this.db.selectFrom("meal_recipes").selectAll().where("group_id", "=", groupId).orderBy("name").execute();
  }

  findRecipe(groupId: string, id: string): Promise<RecipeRow | undefined> {
    return this.db
      .selectFrom("meal_recipes")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async insertRecipe(row: RecipeRow): Promise<void> {
    await this.db.insertInto("meal_recipes").values(row).execute();
  }

  async updateRecipe(groupId: string, id: string, set: Partial<RecipeRow>): Promise<void> {
    await this.db.updateTable("meal_recipes").set(set).where("group_id", "=", groupId).where("id", "=", id).execute();
  }

  async deleteRecipe(groupId: string, id: string): Promise<number> {
    const result = await this.db
      .deleteFrom("meal_recipes")
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Meals from one day to another, both included, in day and then creation order. */
  mealsBetween(groupId: string, from: string, to: string): Promise<MealRow[]> {
    return this.db
      .selectFrom("meal_plan_meals")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .orderBy("date")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Every meal of the group made from a recipe: when each was last planned. */
  recipeMeals(groupId: string): Promise<Pick<MealRow, "recipe_id" | "date">[]> {
    return this.db
      .selectFrom("meal_plan_meals")
      .select(["recipe_id", "date"])
      .where("group_id", "=", groupId)
      .where("recipe_id", "is not", null)
      .execute();
  }

  findMeal(groupId: string, id: string): Promise<MealRow | undefined> {
    return this.db
      .selectFrom("meal_plan_meals")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async insertMeal(row: MealRow): Promise<void> {
    await this.db.insertInto("meal_plan_meals").values(row).execute();
  }

  async updateMeal(groupId: string, id: string, set: Partial<MealRow>): Promise<void> {
    await this.db
      .updateTable("meal_plan_meals")
      .set(set)
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .execute();
  }

  async deleteMeal(groupId: string, id: string): Promise<number> {
    const result = await this.db
      .deleteFrom("meal_plan_meals")
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Marks these meals' ingredients as added, of those not marked yet, and answers which it marked:
   * of two requests at once, each meal goes to one of them, so nothing is added twice.
   */
  async claimIngredients(groupId: string, ids: readonly string[], at: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable("meal_plan_meals")
      .set({ ingredients_added_at: at })
      .where("group_id", "=", groupId)
      .where("id", "in", ids)
      .where("ingredients_added_at", "is", null)
      .returning("id")
      .execute();
    return rows.map((row) => row.id);
  }

  /** Gives claimed meals back when their ingredients could not be added. */
  async releaseIngredients(groupId: string, ids: readonly string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable("meal_plan_meals")
      .set({ ingredients_added_at: null })
      .where("group_id", "=", groupId)
      .where("id", "in", ids)
      .where("ingredients_added_at", "=", at)
      .execute();
  }
}
