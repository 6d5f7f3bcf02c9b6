import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../../db/column-types.js";

/**
 * A group's recipes and its planned meals (docs/shopping.md, "Meals"). Both cascade with their
 * group. Who wrote a recipe and who cooks a meal are set null when that account goes: the
 * recipe and the meal are the group's, not theirs.
 */
const mealRecipes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("meal_recipes")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull())
      // JSON: the ingredient lines as typed, the sections with their steps, the tags.
      .addColumn("ingredients", "text", (col) => col.notNull())
      .addColumn("sections", "text", (col) => col.notNull())
      .addColumn("tags", "text", (col) => col.notNull())
      .addColumn("total_minutes", "integer")
      .addColumn("prep_minutes", "integer")
      .addColumn("cook_minutes", "integer")
      .addColumn("servings", "integer")
      .addColumn("source_url", "text", (col) => col.notNull())
      .addColumn("image_url", "text", (col) => col.notNull())
      .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("meal_recipes_group").on("meal_recipes").column("group_id").execute();
    await db.schema.createIndex("meal_recipes_creator").on("meal_recipes").column("created_by").execute();

    await db.schema
      .createTable("meal_plan_meals")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("date", "text", (col) => col.notNull())
      .addColumn("slot", "text", (col) => col.notNull())
      // A deleted recipe leaves the meal with its name as free text.
      .addColumn("recipe_id", "text", (col) => col.references("meal_recipes.id").onDelete("set null"))
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("servings", "integer", (col) => col.notNull())
      .addColumn("cook_id", "text", (col) => col.references("users.id").onDelete("set null"))
      // When its ingredients went to the shopping list; cleared when its recipe or servings change.
      .addColumn("ingredients_added_at", timestamp)
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("meal_plan_meals_day").on("meal_plan_meals").columns(["group_id", "date"]).execute();
    await db.schema.createIndex("meal_plan_meals_recipe").on("meal_plan_meals").column("recipe_id").execute();
    await db.schema.createIndex("meal_plan_meals_cook").on("meal_plan_meals").column("cook_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("meal_plan_meals").execute();
    await db.schema.dropTable("meal_recipes").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const mealsMigrations: Record<string, Migration> = {
  "0031-meal-recipes": mealRecipes,
};
