import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Category } from "../../../domain/categories";
import type { QueuedOperation } from "../../../domain/offline-queue";
import { categoryKeys } from "../../api/tasks";
import { showQueuedCategoryWrite } from "./category-actions";
import { categoryWrites } from "./category-writes";

const category = (id: string, order: number): Category => ({
  id,
  groupId: "g",
  name: id,
  label: id,
  icon: "folder",
  color: "bg-blue-500",
  order,
  shared: false,
  ownerId: "system",
  aiGenerated: false,
  lastUsed: null,
});

describe("queued category writes", () => {
  it("show over a list that lacks them, once however often they are shown", () => {
    const client = new QueryClient();
    client.setQueryData(categoryKeys.group("g"), [category("work", 0), category("other", 1)]);
    const operations = [
      categoryWrites.create("g", { name: "Garden", color: "bg-green-500" }),
      categoryWrites.update("g", "work", "work", { name: "Office" }),
      categoryWrites.reorder("g", ["garden", "work", "other"]),
      categoryWrites.remove("g", "other", "other"),
    ] as unknown as QueuedOperation[];
    for (let round = 0; round < 2; round += 1) {
      for (const operation of operations) showQueuedCategoryWrite(client, operation, "u");
    }
    const shown = client.getQueryData<Category[]>(categoryKeys.group("g"))!;
    expect(shown.map((item) => [item.id, item.label, item.order])).toEqual([
      ["garden", "Garden", 0],
      ["work", "Office", 1],
    ]);
    expect(shown[0]).toMatchObject({ color: "bg-green-500", ownerId: "u" });
  });
});
