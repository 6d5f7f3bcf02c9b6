import { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { beforeEach, expect, it, vi } from "vitest";
import type { Task } from "../../../domain/tasks";
import { type CachedTask, type GroupTaskList, taskKeys } from "../../api/tasks";
import { browserForEachTest } from "../../offline/testing/device";
import { task } from "../../test-support/task";

const GROUP = "family01";
const USER = "user-1";
const browser = browserForEachTest();

beforeEach(() => {
  toast.dismiss();
});

/** A page showing the group's list, and the tab's task actions. */
async function openList(tasks: Task[]) {
  const tab = await browser.openTab();
  const client = new QueryClient();
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), { tasks, seq: 1 });
  return { actions: tab.taskActions, queue: tab.queue, client };
}

function onServer(id: string, title: string): Task {
  const saved = task(id, { groupId: GROUP, title });
  browser.api.tasks.set(id, saved);
  return saved;
}

const listed = (client: QueryClient): CachedTask[] =>
  client.getQueryData<GroupTaskList>(taskKeys.group(GROUP))?.tasks ?? [];

/** The toasts on screen, as the user reads them (the toast library loads on demand: poll). */
const toasts = () =>
  toast.getToasts().map((shown) => ("title" in shown ? { title: shown.title, description: shown.description } : {}));

it("shows an edit at once, and the server's version once it answers", async () => {
  const ferns = onServer("family01-fern", "Water the ferns");
  const { actions, client } = await openList([ferns]);
  const release = browser.api.hold();
  const edited = actions.editTask(client, ferns, { title: "Water the ferns and the basil" }, { failure: "Failed" });
  expect(listed(client)).toMatchObject([{ title: "Water the ferns and the basil" }]);

  // Meanwhile someone else wrote in its notes: the answer is the whole task as the server has it.
  browser.api.tasks.set(ferns.id, { ...ferns, notes: "Rain water only" });
  release();
  expect(await edited).toBe(true);
  expect(listed(client)).toMatchObject([{ title: "Water the ferns and the basil", notes: "Rain water only" }]);
  expect(listed(client)).toEqual([browser.api.tasks.get(ferns.id)]);
});

it("takes an edit back when the server refuses it, and says why", async () => {
  const ferns = task("family01-fern", { groupId: GROUP, title: "Water the ferns" });
  // Deleted on another device meanwhile: the server no longer has it.
  const { actions, client } = await openList([ferns]);
  const release = browser.api.hold();
  const edited = actions.editTask(client, ferns, { title: "Water the basil" }, { failure: "Failed to save the task" });
  expect(listed(client)).toMatchObject([{ title: "Water the basil" }]);

  release();
  expect(await edited).toBe(false);
  expect(listed(client)).toEqual([ferns]);
  await expect.poll(toasts).toContainEqual({ title: "Failed to save the task", description: "Task not found" });
});

it("keeps an edit the server could not be reached for, and sends it once the network is back", async () => {
  const ferns = onServer("family01-fern", "Water the ferns");
  const { actions, client } = await openList([ferns]);
  browser.api.setReachable(false);
  expect(await actions.editTask(client, ferns, { completed: true }, { failure: "Failed" })).toBe(true);
  expect(listed(client)).toMatchObject([{ completed: true }]);
  await expect
    .poll(toasts)
    .toContainEqual({ title: "Saved on this device - will sync when online", description: undefined });

  browser.api.setReachable(true);
  await vi.advanceTimersByTimeAsync(2_000);
  await vi.waitFor(() => expect(browser.api.tasks.get(ferns.id)).toMatchObject({ completed: true }));
  expect(browser.api.received).toHaveLength(1);
});

it("shows a new task at once as not saved yet, then as the server made it", async () => {
  const { actions, client } = await openList([onServer("family01-fern", "Water the ferns")]);
  const release = browser.api.hold();
  const added = actions.addTask(client, { groupId: GROUP, title: "  Book the dentist " }, USER);
  // On top of the list (first in the manual order), marked as waiting for the server.
  expect(listed(client)).toContainEqual(
    expect.objectContaining({ title: "Book the dentist", order: -1, unsaved: true }),
  );

  release();
  const saved = await added;
  expect(saved).toEqual(browser.api.tasks.get(saved!.id));
  expect(listed(client)).toHaveLength(2);
  expect(listed(client)).toContainEqual(saved);
  await expect.poll(toasts).toContainEqual({ title: "Task added successfully", description: undefined });
});

it("takes a new task off the list when the server refuses it", async () => {
  const { actions, client } = await openList([]);
  const tooLong = "a".repeat(501);
  expect(await actions.addTask(client, { groupId: GROUP, title: tooLong }, USER)).toBeNull();
  expect(listed(client)).toEqual([]);
  expect(browser.api.tasks.size).toBe(0);
  await expect
    .poll(() => toasts().map((shown) => shown.title))
    .toContainEqual(expect.stringMatching(/^Failed to add task: /));
});

it("keeps a task added and then edited offline, and sends the add before the edit, once each", async () => {
  const { actions, queue, client } = await openList([]);
  browser.setOnline(false);
  const added = await actions.addTask(client, { groupId: GROUP, title: "Thought of on the train" }, USER);
  expect(listed(client)).toMatchObject([{ title: "Thought of on the train", offline: true }]);
  await expect.poll(toasts).toContainEqual({
    title: "Task added in offline mode - will sync when online",
    description: undefined,
  });
  await actions.editTask(
    client,
    added!,
    { title: "Thought of on the train home", completed: true },
    { failure: "Failed" },
  );
  expect(listed(client)).toMatchObject([{ title: "Thought of on the train home", completed: true, offline: true }]);

  browser.setOnline(true);
  await queue.flushQueue();
  expect(browser.api.received.map((request) => `${request.method} ${request.path}`)).toEqual([
    "POST /api/tasks",
    `PATCH /api/tasks/${added!.id}`,
  ]);
  expect(browser.api.tasks.get(added!.id)).toMatchObject({ title: "Thought of on the train home", completed: true });
});

it("forgets a task added offline and deleted before it was sent: the server never hears of it", async () => {
  const { actions, queue, client } = await openList([]);
  browser.setOnline(false);
  const added = await actions.addTask(client, { groupId: GROUP, title: "Never mind" }, USER);
  expect(await actions.removeTask(client, added!)).toBe(true);
  expect(listed(client)).toEqual([]);

  browser.setOnline(true);
  await queue.flushQueue();
  expect(browser.api.received).toEqual([]);
});
