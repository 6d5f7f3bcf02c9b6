import { z } from "zod";
import { storableText } from "./fields.js";
import { operationIdSchema } from "./operation-id.js";

export * from "./category-rules.js";
import { CATEGORY_COLORS, CATEGORY_ICONS, CATEGORY_NAME_MAX_LENGTH } from "./category-rules.js";

export const categorySchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  label: z.string(),
  icon: z.enum(CATEGORY_ICONS),
  color: z.enum(CATEGORY_COLORS),
  order: z.number().int(),
  shared: z.boolean(),
  /** "system" for the defaults, otherwise the creating user's id. */
  ownerId: z.string(),
  aiGenerated: z.boolean(),
  lastUsed: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

const categoryName = storableText().trim().min(1, "Give the category a name").max(CATEGORY_NAME_MAX_LENGTH);

export const createCategorySchema = z.object({
  name: categoryName,
  color: z.enum(CATEGORY_COLORS).optional(),
  icon: z.enum(CATEGORY_ICONS).default("folder"),
  operationId: operationIdSchema,
});

export const updateCategorySchema = z.object({
  /** Renames it (its id stays, so its tasks keep it). */
  name: categoryName.optional(),
  color: z.enum(CATEGORY_COLORS).optional(),
  icon: z.enum(CATEGORY_ICONS).optional(),
  /** spec share-category: shown to every member as a shared list. */
  shared: z.boolean().optional(),
  operationId: operationIdSchema,
});

export const reorderCategoriesSchema = z.object({
  ids: z.array(storableText().max(100)).max(200),
  operationId: operationIdSchema,
});
