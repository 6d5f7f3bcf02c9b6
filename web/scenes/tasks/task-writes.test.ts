import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { QueuedOperation } from "../../../domain/offline-queue";
import { allTasksKey } from "../../api/all-tasks";
import { type GroupTaskList, prepareTask, taskKeys } from "../../api/tasks";
import { task } from "../../test-support/task";
import { showQueuedTaskWrite } from "./task-actions";
import { readTaskWrite, taskWrites } from "./task-writes";

const queued = (write: ReturnType<typeof taskWrites.update>) => write as unknown as QueuedOperation;

describe("queued task writes read back", () => {
  const plan = task("g-plan", { groupId: "g", subtasks: [] });

  it("reads every write it builds back as the change the user made", () => {
    const prepared = prepareTask({ groupId: "g", title: "Pack" });
    const cases = [
      [taskWrites.create(prepared), { kind: "create", task: prepared }],
      [taskWrites.update(plan, { completed: true }), { kind: "update", taskId: plan.id, changes: { completed: true } }],
      [taskWrites.remove(plan), { kind: "delete", taskId: plan.id }],
      [taskWrites.lock(plan, true), { kind: "lock", taskId: plan.id, locked: true }],
      [
        taskWrites.share(plan, { id: "h/1", name: "H" }, false),
        { kind: "share", taskId: plan.id, groupId: "h/1", shared: false },
      ],
      [
        taskWrites.subtask(plan, "create", "POST", "/subtasks", { id: "s1", title: "Tickets" }),
        { kind: "add-subtask", taskId: plan.id, subtask: { id: "s1", title: "Tickets" } },
      ],
      [
        taskWrites.subtask(plan, "update", "PATCH", "/subtasks/s1", { completed: true }),
        { kind: "change-subtask", taskId: plan.id, subtaskId: "s1", changes: { completed: true } },
      ],
      [
        taskWrites.subtask(plan, "delete", "DELETE", "/subtasks/s1"),
        { kind: "delete-subtask", taskId: plan.id, subtaskId: "s1" },
      ],
      [
        taskWrites.subtask(plan, "update", "PUT", "/subtasks/order", { ids: ["s2", "s1"] }),
        { kind: "order-subtasks", taskId: plan.id, ids: ["s2", "s1"] },
      ],
    ] as const;
    for (const [write, expected] of cases) expect(readTaskWrite(write.request)).toEqual(expected);
    expect(readTaskWrite({ method: "PATCH", path: "/api/settings", body: {} })).toBeNull();
  });

  it("shows queued writes over lists that lack them, once however often they are shown", () => {
    const client = new QueryClient();
    const list: GroupTaskList = { tasks: [task("g-a", { order: 0 }), task("g-b", { order: 1 })], seq: 3 };
    client.setQueryData(taskKeys.group("g"), list);
    client.setQueryData(allTasksKey, list.tasks);
    const added = prepareTask({ groupId: "g", title: "Added offline" });
    const operations = [
      taskWrites.create(added),
      taskWrites.update(list.tasks[0]!, { completed: true, title: "Done offline" }),
      taskWrites.lock(list.tasks[0]!, true),
      taskWrites.subtask(list.tasks[0]!, "create", "POST", "/subtasks", { id: "s1", title: "Step" }),
      taskWrites.remove(list.tasks[1]!),
    ].map(queued);
    for (let round = 0; round < 2; round += 1) {
      for (const operation of operations) showQueuedTaskWrite(client, operation, "u");
    }
    const shown = client.getQueryData<GroupTaskList>(taskKeys.group("g"))!.tasks;
    expect(shown.map((item) => [item.id, item.title, item.completed, item.locked, item.subtasksTotal])).toEqual([
      ["g-a", "Done offline", true, true, 1],
      [added.id, "Added offline", false, false, 0],
    ]);
    expect(shown[1]).toMatchObject({ offline: true, ownerId: "u", order: -1 });
    // The list of every task follows too (/group-tasks).
    expect(client.getQueryData<{ id: string }[]>(allTasksKey)!.map((item) => item.id)).toEqual(["g-a", added.id]);
  });

  it("puts a queued add a restored list already has into the list of every task that lacks it", () => {
    const client = new QueryClient();
    const added = prepareTask({ groupId: "g", title: "Thought of on the train" });
    // The group's list came from IndexedDB with the add on it, renamed offline since; the list of
    // every task came from the server, which has not heard of it.
    const restored = { ...task(added.id, { groupId: "g", title: "Renamed offline" }), offline: true as const };
    client.setQueryData<GroupTaskList>(taskKeys.group("g"), { tasks: [task("g-a"), restored], seq: 1 });
    client.setQueryData(allTasksKey, [task("g-a")]);
    showQueuedTaskWrite(client, queued(taskWrites.create(added)), "u");
    expect(client.getQueryData<{ id: string; title: string }[]>(allTasksKey)!.map((item) => item.title)).toEqual([
      "g-a",
      "Renamed offline",
    ]);
    expect(client.getQueryData<GroupTaskList>(taskKeys.group("g"))!.tasks).toHaveLength(2);
  });
});
