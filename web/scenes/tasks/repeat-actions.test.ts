import { QueryClient } from "@tanstack/react-query";
import { expect, it } from "vitest";
import type { Task } from "../../../domain/tasks";
import { type CachedTask, type GroupTaskList, taskKeys } from "../../api/tasks";
import { browserForEachTest } from "../../offline/testing/device";
import { task } from "../../test-support/task";
import { taskAfter } from "./task-actions";
import { readTaskWrite, taskWrites } from "./task-writes";

const GROUP = "family01";
const WEEKLY = { rule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: false };
const browser = browserForEachTest();

function onServer(fields: Partial<Task>): Task {
  const saved = task("family01-bins", { groupId: GROUP, title: "Bins out", deadline: "2026-12-07", ...fields });
  browser.api.tasks.set(saved.id, saved);
  return saved;
}

async function openList(tasks: Task[]) {
  const tab = await browser.openTab();
  const client = new QueryClient();
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), { tasks, seq: 1 });
  return { actions: tab.taskActions, client };
}

const listed = (client: QueryClient): CachedTask[] =>
  client.getQueryData<GroupTaskList>(taskKeys.group(GROUP))?.tasks ?? [];

it("shows a repeating task done without its repeat, adds no copy itself, and asks for the one the server added", async () => {
  const bins = onServer({ repeat: WEEKLY });
  const { actions, client } = await openList([bins]);
  const release = browser.api.hold();
  const done = actions.editTask(client, bins, { completed: true }, { failure: "Failed" });
  // At once: done, and no longer the one that repeats; the next one is the server's to make.
  expect(listed(client)).toMatchObject([{ id: bins.id, completed: true, repeat: null }]);

  browser.api.tasks.set(bins.id, { ...bins, completed: true, repeat: null });
  release();
  expect(await done).toBe(true);
  expect(listed(client)).toHaveLength(1);
  await expect
    .poll(() => browser.api.received.map((request) => `${request.method} ${request.path}`))
    .toContain(`GET /api/groups/${GROUP}/tasks`);
});

it("stops the repeat in the same write when the deadline of a repeating task is removed", async () => {
  const bins = onServer({ repeat: WEEKLY });
  const { actions, client } = await openList([bins]);
  expect(await actions.editTask(client, bins, { deadline: null }, { failure: "Failed" })).toBe(true);
  expect(browser.api.received).toHaveLength(1);
  expect(browser.api.tasks.get(bins.id)).toMatchObject({ deadline: null, repeat: null });
  expect(listed(client)).toMatchObject([{ deadline: null, repeat: null }]);
});

it("reads a repeat back from the offline queue as the user set it, and a completion as ending it", () => {
  const bins = task("family01-bins", { groupId: GROUP, deadline: "2026-12-07" });
  const set = readTaskWrite(taskWrites.update(bins, { repeat: WEEKLY }).request);
  expect(set).toEqual({ kind: "update", taskId: bins.id, changes: { repeat: WEEKLY } });
  const repeating = taskAfter(bins, set as Extract<typeof set, { kind: "update" }>);
  expect(repeating.repeat).toEqual(WEEKLY);

  const completed = readTaskWrite(taskWrites.update(repeating, { completed: true }).request);
  expect(taskAfter(repeating, completed as Extract<typeof completed, { kind: "update" }>)).toMatchObject({
    completed: true,
    repeat: null,
  });
});
