import { SHOPPING_CATEGORY } from "../../../../domain/shopping/list.js";
import { parseItemText } from "../../../../domain/shopping/quantity.js";
import { keyOfText } from "../../../../domain/shopping/organize.js";
import type { TaskWriteHook } from "../../../services/tasks/task-write-hooks.js";
import { ShoppingRepository } from "./repository.js";

/**
 * What was bought, for suggestions (docs/shopping.md): an item of the Shopping List completed is
 * a purchase, in the change's own transaction, however it was completed (the list, the task page,
 * a calendar app); reopened, it is taken back. Kept when the task is deleted later.
 */
export const purchaseTaskWrites: Omit<TaskWriteHook, "moduleId"> = {
  async during(transaction, { before, after, at }) {
    const repository = new ShoppingRepository(transaction);
    const bought = after.category === SHOPPING_CATEGORY && after.completed;
    const wasBought = before.category === SHOPPING_CATEGORY && before.completed;
    if (bought && !wasBought) {
      const name = parseItemText(after.title).name || after.title;
      await repository.recordPurchase({
        group_id: after.groupId,
        task_id: after.id,
        item_key: keyOfText(after.title),
        name: name.slice(0, 200),
        at,
      });
    } else if (wasBought && !bought) {
      await repository.forgetPurchase(before.groupId, before.id);
    }
  },
};
