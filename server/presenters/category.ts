import type { Category } from "../../domain/categories.js";
import type { CategoryTable } from "../db/schema.js";

export function presentCategory(row: CategoryTable): Category {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    label: row.label,
    icon: row.icon as Category["icon"],
    color: row.color as Category["color"],
    order: Number(row.sort_order),
    shared: row.shared === 1,
    ownerId: row.owner_id,
    aiGenerated: row.ai_generated === 1,
    lastUsed: row.last_used,
  };
}
