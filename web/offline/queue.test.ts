import { expect, it, vi } from "vitest";
import type { Task } from "../../domain/tasks";
import { prepareTask } from "../api/tasks";
import { taskWrites } from "../scenes/tasks/task-writes";
import { task } from "../test-support/task";
import { browserForEachTest } from "./testing/device";

const GROUP = "family01";
const browser = browserForEachTest();
const setOnline = browser.setOnline;

const onServer = (id: string, fields: Partial<Task> = {}): Task => {
  const saved = task(id, { groupId: GROUP, ...fields });
  browser.api.tasks.set(id, saved);
  return saved;
};

const sent = () => browser.api.received.map((request) => `${request.method} ${request.path}`);

it("sends the changes made offline once each, in the order they were made, when the network is back", async () => {
  const tab = await browser.openTab();
  setOnline(false);
  const milk = prepareTask({ groupId: GROUP, title: "Buy milk" });
  const mum = prepareTask({ groupId: GROUP, title: "Call mum" });
  const milkTask = task(milk.id, { groupId: GROUP, title: "Buy milk" });
  const writes = [
    taskWrites.create(milk),
    taskWrites.update(milkTask, { title: "Buy oat milk" }),
    taskWrites.create(mum),
    taskWrites.update(milkTask, { completed: true }),
  ];
  for (const write of writes) expect(await tab.queue.submit(write)).toEqual({ queued: true });
  expect(browser.api.received).toEqual([]);

  setOnline(true);
  await tab.queue.flushQueue();
  // Every create first (a change of a task never goes before the task), each task's changes in order.
  expect(browser.api.received.map((request) => request.operationId)).toEqual(
    [writes[0], writes[2], writes[1], writes[3]].map((write) => write!.id),
  );
  expect(browser.api.tasks.get(milk.id)).toMatchObject({ title: "Buy oat milk", completed: true });
  expect(browser.api.tasks.get(mum.id)).toMatchObject({ title: "Call mum", completed: false });

  await tab.queue.flushQueue();
  expect(browser.api.received).toHaveLength(4);
});

it("sends each change once when two tabs send the queue at the same time, each tab's changes in order", async () => {
  const first = await browser.openTab();
  const second = await browser.openTab();
  setOnline(false);
  const queued = { first: [] as string[], second: [] as string[] };
  for (let index = 1; index <= 10; index += 1) {
    for (const [name, tab] of [
      ["first", first],
      ["second", second],
    ] as const) {
      const write = taskWrites.create(prepareTask({ groupId: GROUP, title: `${name} tab ${index}` }));
      await tab.queue.submit(write);
      queued[name].push(write.id);
    }
  }

  setOnline(true);
  await Promise.all([first.queue.flushQueue(), second.queue.flushQueue()]);
  const arrived = browser.api.received.map((request) => request.operationId!);
  expect(arrived).toHaveLength(20);
  expect(new Set(arrived).size).toBe(20);
  expect(browser.api.tasks.size).toBe(20);
  for (const ids of Object.values(queued)) expect(arrived.filter((id) => ids.includes(id))).toEqual(ids);
});

it("sends nothing while another tab holds the queue's lock, and everything once when it lets go", async () => {
  const tab = await browser.openTab();
  let letGo!: () => void;
  const elsewhere = browser.lock.run(() => new Promise<void>((resolve) => (letGo = resolve)));
  setOnline(false);
  const write = taskWrites.create(prepareTask({ groupId: GROUP, title: "Thought of on the train" }));
  await tab.queue.submit(write);

  setOnline(true);
  const flushed = tab.queue.flushQueue();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(browser.api.received).toEqual([]);
  letGo();
  await Promise.all([elsewhere, flushed]);
  expect(browser.api.received.map((request) => request.operationId)).toEqual([write.id]);
});

it("keeps a change whose server could not be reached, and sends it by itself once the network is back", async () => {
  const tab = await browser.openTab();
  const saved = onServer("family01-abc", { title: "Water the ferns" });
  // The browser says it is online, but the server does not answer.
  browser.api.setReachable(false);
  const write = taskWrites.update(saved, { completed: true });
  expect(await tab.queue.submit(write)).toEqual({ queued: true });
  expect(browser.api.received).toEqual([]);

  browser.api.setReachable(true);
  // The first retry comes within 2 s (1 s, plus up to 1 s so that tabs do not all retry at once).
  await vi.advanceTimersByTimeAsync(2_000);
  await vi.waitFor(() => expect(browser.api.tasks.get(saved.id)).toMatchObject({ completed: true }));
  expect(browser.api.received.map((request) => request.operationId)).toEqual([write.id]);
  await tab.queue.flushQueue();
  expect(browser.api.received).toHaveLength(1);
});

it("drops a change the server refuses while the user waits for it, and gives the caller the server's reason", async () => {
  const tab = await browser.openTab();
  const deletedElsewhere = task("family01-gone", { groupId: GROUP, title: "Water the ferns" });
  const refusal = tab.queue.submit(taskWrites.update(deletedElsewhere, { completed: true }));
  await expect(refusal).rejects.toMatchObject({ status: 404, code: "not_found", message: "Task not found" });
  expect(sent()).toEqual(["PATCH /api/tasks/family01-gone"]);
  // Nothing is left for the Offline page: the caller put its screen back and said why.
  expect(await (await tab.db.offlineDb()).operations.count()).toBe(0);
});

it("reports a queued change the server refuses, keeps it for the Offline page, and sends the rest", async () => {
  const tab = await browser.openTab();
  const events: unknown[] = [];
  tab.queue.onQueueEvent((event) => events.push(event));
  setOnline(false);
  const refused = taskWrites.update(task("family01-gone", { groupId: GROUP, title: "Water the ferns" }), {
    completed: true,
  });
  const accepted = taskWrites.create(prepareTask({ groupId: GROUP, title: "Book the dentist" }));
  await tab.queue.submit(refused);
  await tab.queue.submit(accepted);

  setOnline(true);
  await tab.queue.flushQueue();
  expect(events).toContainEqual(
    expect.objectContaining({
      id: refused.id,
      outcome: "rejected",
      status: 404,
      message: "Task not found",
      label: "Water the ferns",
    }),
  );
  expect([...browser.api.tasks.values()].map((saved) => saved.title)).toEqual(["Book the dentist"]);
  const left = await (await tab.db.offlineDb()).operations.toArray();
  expect(left).toMatchObject([{ id: refused.id, rejected: true, errorMessage: "Task not found" }]);

  // Not sent again by itself, however long the app stays open; only when the user asks.
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(sent()).toHaveLength(2);
  await tab.queue.retryOperation(refused.id);
  expect(sent()).toHaveLength(3);
  await tab.queue.discardOperation(refused.id);
  expect(await (await tab.db.offlineDb()).operations.count()).toBe(0);
});

it("tells a caller whose change found the network gone on its way that it is queued, and reports a refusal later", async () => {
  const tab = await browser.openTab();
  const events: unknown[] = [];
  tab.queue.onQueueEvent((event) => events.push(event));
  // Another tab is sending: this tab's send waits for the lock, and the network goes meanwhile.
  let letGo!: () => void;
  const elsewhere = browser.lock.run(() => new Promise<void>((resolve) => (letGo = resolve)));
  const deletedElsewhere = task("family01-gone", { groupId: GROUP, title: "Water the ferns" });
  const submitted = tab.queue.submit(taskWrites.update(deletedElsewhere, { completed: true }));
  // Queued while online, so the send has started (and waits for the lock) before the network goes.
  await vi.waitFor(() => expect(events).toContainEqual({ outcome: "changed" }));
  await vi.advanceTimersByTimeAsync(100);
  setOnline(false);
  letGo();
  await elsewhere;
  expect(await submitted).toEqual({ queued: true });

  // Back online, the server refuses it: the queue reports it and keeps it for the Offline page.
  setOnline(true);
  await tab.queue.flushQueue();
  expect(events).toContainEqual(expect.objectContaining({ outcome: "rejected", label: "Water the ferns" }));
  expect(await (await tab.db.offlineDb()).operations.toArray()).toMatchObject([{ rejected: true }]);
});

it("forgets a task added offline and deleted before it was sent, but not one already on its way", async () => {
  const tab = await browser.openTab();
  setOnline(false);
  const never = prepareTask({ groupId: GROUP, title: "Never mind" });
  await tab.queue.submit(taskWrites.create(never));
  await tab.queue.submit(taskWrites.update(task(never.id, { groupId: GROUP }), { title: "Never mind at all" }));
  expect(await tab.queue.cancelUnsentTask(never.id)).toBe(true);

  const sending = prepareTask({ groupId: GROUP, title: "On its way" });
  await tab.queue.submit(taskWrites.create(sending));
  setOnline(true);
  const release = browser.api.hold();
  const flushed = tab.queue.flushQueue();
  await vi.waitFor(() => expect(browser.api.received).toHaveLength(1));
  expect(await tab.queue.cancelUnsentTask(sending.id)).toBe(false);
  release();
  await flushed;
  expect([...browser.api.tasks.values()].map((saved) => saved.title)).toEqual(["On its way"]);
});

it("keeps the changes and settles without an error when IndexedDB is closed under a send, then sends them later", async () => {
  const tab = await browser.openTab();
  setOnline(false);
  const milk = prepareTask({ groupId: GROUP, title: "Buy milk" });
  await tab.queue.submit(taskWrites.create(milk));
  setOnline(true);
  // Closed as sign-out or the browser's storage pressure closes it: the send stops, nothing is thrown.
  (await tab.db.offlineDb()).close();
  await expect(tab.queue.flushQueue()).resolves.toBeUndefined();
  expect(browser.api.received).toEqual([]);

  const again = await browser.openTab();
  await again.queue.flushQueue();
  expect(sent()).toEqual(["POST /api/tasks"]);
  expect(browser.api.tasks.get(milk.id)).toMatchObject({ title: "Buy milk" });
});
