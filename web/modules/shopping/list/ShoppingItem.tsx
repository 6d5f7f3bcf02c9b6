import { useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useId } from "react";
import type { AisleId } from "../../../../domain/shopping/aisles";
import type { OrganizedItem } from "../../../../domain/shopping/list";
import type { CachedTask } from "../../../api/tasks";
import { OptimisticCheckbox } from "../../../components/OptimisticCheckbox";
import { AisleChoice } from "./AisleChoice";
import { checkOffItem } from "./check-off";

const quantityText = (item: OrganizedItem) =>
  item.quantity === null ? null : `${Number(item.quantity.toFixed(2))}${item.unit ? ` ${item.unit}` : ""}`;

/**
 * One item of the list: a box to check it off, its name and amount, and its aisle, which a member
 * can change for the whole group. In a store, its handle (drag, or arrow keys) pins it in that
 * store's walk.
 */
export function ShoppingItem({
  item,
  task,
  storeId,
  showAisle,
  onAisle,
  reorder,
}: {
  item: OrganizedItem;
  task: CachedTask;
  storeId: string | null;
  showAisle: boolean;
  onAisle: (aisle: AisleId) => void;
  /** In a store: the handle that moves it, and how it looks while dragged. */
  reorder?: { handle: ReactNode; style: CSSProperties | undefined; dragging: boolean };
}) {
  const client = useQueryClient();
  const boxId = useId();
  const amount = quantityText(item);
  return (
    <li
      data-reorder-item
      style={reorder?.style}
      className={`flex items-center gap-3 bg-canvas py-2 ${reorder?.dragging ? "rounded-lg shadow-lg ring-1 ring-brand" : ""}`}
    >
      {reorder?.handle}
      <OptimisticCheckbox
        id={boxId}
        className="size-5 shrink-0 accent-brand"
        checked={false}
        onCheckedChange={() => checkOffItem(client, task, storeId)}
      />
      <label htmlFor={boxId} className="min-w-0 flex-1 cursor-pointer break-words">
        {item.name}
        {amount && <span className="ml-2 rounded bg-surface-muted px-1.5 py-0.5 text-xs text-ink-muted">{amount}</span>}
        {task.offline && <span className="ml-2 text-xs text-ink-muted">(not sent yet)</span>}
      </label>
      <AisleChoice name={item.name} aisle={item.aisle} shown={showAisle} onAisle={onAisle} />
    </li>
  );
}
