import { z } from "zod";
import { storableText } from "../fields.js";
import { AISLE_IDS } from "./aisles.js";

/**
 * The shopping list of the shopping module (docs/shopping.md): a group's open tasks in its shared
 * "Shopping List" category, each with an aisle, sorted by the store the family is in. Shared by
 * the server's routes and the /shopping-list page, which sorts the same way on the device.
 */

/** The default category every group has whose tasks are the group's shopping list. */
export const SHOPPING_CATEGORY = "shopping";
export const SHOPPING_MODULE = "shopping";

export const SHOPPING_MESSAGES = {
  storeNotFound: "Store not found",
  taskNotFound: "Item not found",
  notOnList: "Only items of the Shopping List can be checked off here",
  tooManyStores: "A group can have up to 30 stores. Remove one first.",
  checkOffTime: "The check-off time must be within the last 30 days",
  storeExists: "The group has a store of that name already",
} as const;

export const MAX_STORES = 30;

const id = storableText().min(1).max(100);
const nameSchema = storableText()
  .trim()
  .min(1, "Give it a name")
  .max(60, "Use at most 60 characters")
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "Use no control characters");

/**
 * A suggestion's key as the server made it (keyOfText: no control characters). An item's text
 * (pins, corrections) may hold what a task's title may, a tab say: its key drops them.
 */
const suggestionKey = storableText()
  .trim()
  .min(1)
  .max(200)
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), "Use no control characters");

export const aisleSchema = z.enum(AISLE_IDS);

export const groupParams = z.object({ groupId: id });
export const storeParams = z.object({ groupId: id, storeId: id });

export const storeInputSchema = z.object({ name: nameSchema });
export type StoreInput = z.infer<typeof storeInputSchema>;

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Trips the order was learned from. */
  trips: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;

export const checkOffSchema = z.object({
  taskId: id,
  storeId: id,
  /** When it was tapped (ISO 8601): queued offline, it still counts in the order it was walked. */
  at: z.iso.datetime({ offset: true }),
});
export type CheckOffInput = z.infer<typeof checkOffSchema>;

export const correctionSchema = z.object({
  /** The item as written ("2 lbs chicken breast"): its key is what the correction is kept under. */
  text: storableText().trim().min(1).max(200),
  /** null: forget the correction. */
  aisle: aisleSchema.nullable(),
});
export type CorrectionInput = z.infer<typeof correctionSchema>;

export const pinSchema = z.object({
  text: storableText().trim().min(1).max(200),
  /** 0 (walked first) to 1 (last), a little beyond either end for before the first or after the last; null takes the pin away. */
  position: z.number().min(-1).max(2).nullable(),
});
export type PinInput = z.infer<typeof pinSchema>;

/** What the device needs to sort the list as the server does, offline too. */
export const shoppingStateSchema = z.object({
  stores: z.array(storeSchema),
  /** Item key → aisle: the group's corrections, which win over the classifier. */
  corrections: z.record(z.string(), aisleSchema),
  /** Store id → its learned order (domain/shopping/store-order.ts) with the pinned places. */
  orders: z.record(
    z.string(),
    z.object({
      model: z.unknown(),
      pins: z.record(z.string(), z.number()),
    }),
  ),
});
export type ShoppingState = z.infer<typeof shoppingStateSchema>;

export const organizeInputSchema = z.object({ storeId: id.nullable().optional() });

export const organizedItemSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  name: z.string(),
  key: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  aisle: aisleSchema,
  confidence: z.number(),
  /** How the aisle was found: a member's correction, the seed, a rule… */
  via: z.string(),
});
export type OrganizedItem = z.infer<typeof organizedItemSchema>;

export const organizedListSchema = z.object({
  storeId: z.string().nullable(),
  items: z.array(organizedItemSchema),
});
export type OrganizedList = z.infer<typeof organizedListSchema>;

export const suggestionSchema = z.object({
  key: z.string(),
  name: z.string(),
  reason: z.enum(["due", "together", "meal"]),
  /** The reason in words: "You buy it about every 6 days; last 8 days ago". */
  detail: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.object({ suggestions: z.array(suggestionSchema) });

export const dismissSchema = z.object({ key: suggestionKey });
