/** The shopping list's tables (docs/shopping.md), added to the database's type where they are. */
export interface ShoppingStoreTable {
  id: string;
  group_id: string;
  name: string;
  /** The learned walking order (domain/shopping/store-order.ts), as JSON. */
  model: string;
  /** Item key → pinned place 0..1 (an item a member dragged), as JSON. */
  pins: string;
  /** Check-offs up to this instant are learned from; later ones wait for their trip to end. */
  learned_until: string | null;
  created_at: string;
}

/** A check-off at a store, at the moment it was tapped: what the store's order is learned from. */
export interface ShoppingCheckOffTable {
  id: string;
  group_id: string;
  store_id: string;
  item_key: string;
  aisle: string | null;
  at: string;
  /** When the server got it: a queue replaying a trip sends it all at once, so a quiet moment after means it is whole. */
  received_at: string;
}

/** An item bought: a task of the Shopping List completed (kept when the task is deleted). */
export interface ShoppingPurchaseTable {
  group_id: string;
  task_id: string;
  item_key: string;
  name: string;
  at: string;
}

/** A member's aisle for an item, which wins over the classifier for the whole group. */
export interface ShoppingCorrectionTable {
  group_id: string;
  item_key: string;
  aisle: string;
  updated_by: string;
  updated_at: string;
}

/** A suggestion a member waved away: not offered again until the item is bought again. */
export interface ShoppingDismissalTable {
  group_id: string;
  item_key: string;
  at: string;
}

declare module "../../../db/schema.js" {
  interface DB {
    shopping_stores: ShoppingStoreTable;
    shopping_check_offs: ShoppingCheckOffTable;
    shopping_purchases: ShoppingPurchaseTable;
    shopping_corrections: ShoppingCorrectionTable;
    shopping_dismissals: ShoppingDismissalTable;
  }
}
