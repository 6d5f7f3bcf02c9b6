import { QueryClient } from "@tanstack/react-query";
import { expect, it, vi } from "vitest";
import { type CachedTask, type GroupTaskList, taskKeys } from "../api/tasks";
import { task } from "../test-support/task";
import { type Tab, browserForEachTest } from "./testing/device";

const GROUP = "family01";
const USER = "user-1";
const browser = browserForEachTest();

/** A page's query cache with the group's list as the server sent it. */
function pageWith(tasks: CachedTask[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), { tasks, seq: 1 });
  return client;
}

const titles = (client: QueryClient) =>
  client.getQueryData<GroupTaskList>(taskKeys.group(GROUP))?.tasks.map((cached) => cached.title);

/** IndexedDB answers in order: once a read asked now is answered, the tab's earlier writes are done. */
async function writesDone(tab: Tab): Promise<void> {
  await (await tab.db.offlineDb()).cache.count();
}

it("starts a reload without network from the lists as this device last saw them", async () => {
  const tab = await browser.openTab();
  const client = pageWith([task("family01-fern", { groupId: GROUP, title: "Water the ferns" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  // A live update: saved once the burst is over.
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), (list) => ({
    ...list!,
    tasks: [...list!.tasks, task("family01-dent", { groupId: GROUP, title: "Book the dentist" })],
  }));
  await vi.advanceTimersByTimeAsync(500);
  await writesDone(tab);

  browser.setOnline(false);
  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(titles(fresh)).toEqual(["Water the ferns", "Book the dentist"]);
});

it("keeps the lists the page came with, even when nothing changes after it started", async () => {
  // The server's data came with the page and every fetch was done before keeping started: no
  // change follows (a live channel's greeting refetches nothing fetched since it connected).
  const tab = await browser.openTab();
  const client = pageWith([task("family01-kept", { groupId: GROUP, title: "Kept for a bad day" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  await vi.advanceTimersByTimeAsync(500);
  await writesDone(tab);

  browser.setOnline(false);
  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(titles(fresh)).toEqual(["Kept for a bad day"]);
});

it("saves every change at once while offline, so closing the tab right after loses none", async () => {
  const tab = await browser.openTab();
  const client = pageWith([]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  browser.setOnline(false);
  await tab.taskActions.addTask(client, { groupId: GROUP, title: "Thought of on the train" }, USER);
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(titles(fresh)).toEqual(["Thought of on the train"]);
});

it("saves at once a change made offline right after a live update, with the live update in it", async () => {
  const fern = task("family01-fern", { groupId: GROUP, title: "Water the ferns" });
  browser.api.tasks.set(fern.id, fern);
  const tab = await browser.openTab();
  const client = pageWith([fern]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  // Two live updates in a row: the second one's save waits for the delay...
  const dentist = task("family01-dent", { groupId: GROUP, title: "Book the dentist" });
  browser.api.tasks.set(dentist.id, dentist);
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), (list) => ({ ...list!, seq: 2 }));
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), (list) => ({ ...list!, tasks: [...list!.tasks, dentist] }));
  // ...when the network goes and the user completes the task that just came: saved at once.
  browser.setOnline(false);
  await tab.taskActions.editTask(client, dentist, { completed: true }, { failure: "Failed" });
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(fresh.getQueryData<GroupTaskList>(taskKeys.group(GROUP))?.tasks.map((t) => [t.title, t.completed])).toEqual([
    ["Water the ferns", false],
    ["Book the dentist", true],
  ]);
});

it("keeps tasks not on the server yet when the page comes with a newer list from the server", async () => {
  const onServer = task("family01-srv", { groupId: GROUP, title: "Already on the server" });
  const tab = await browser.openTab();
  const client = pageWith([onServer]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  browser.setOnline(false);
  await tab.taskActions.addTask(client, { groupId: GROUP, title: "Thought of on the train" }, USER);
  await writesDone(tab);

  // Opened again online a minute later: the page's list is newer than the saved one and lacks the task.
  await vi.advanceTimersByTimeAsync(60_000);
  browser.setOnline(true);
  const reloaded = await browser.openTab();
  const page = pageWith([{ ...onServer, title: "Already on the server, renamed" }]);
  await reloaded.persist.restoreQueryCache(page, USER);
  expect(titles(page)).toEqual(["Already on the server, renamed", "Thought of on the train"]);
  expect(page.getQueryData<GroupTaskList>(taskKeys.group(GROUP))?.tasks[1]).toMatchObject({ offline: true });
});

it("shows nobody else who signs in on this browser the first person's lists", async () => {
  const tab = await browser.openTab();
  const client = pageWith([task("family01-fern", { groupId: GROUP, title: "Water the ferns" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  client.setQueryData(["settings"], { theme: "dark" });
  await vi.advanceTimersByTimeAsync(500);
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const someoneElse = new QueryClient();
  await reloaded.persist.restoreQueryCache(someoneElse, "user-2");
  expect(someoneElse.getQueryCache().getAll()).toEqual([]);
});

it("does not write the lists back after sign-out emptied the cache", async () => {
  const tab = await browser.openTab();
  const client = pageWith([task("family01-fern", { groupId: GROUP, title: "Water the ferns" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  client.setQueryData(["settings"], { theme: "dark" });
  // Signing out within the save delay: the cache is emptied, then IndexedDB.
  client.clear();
  await tab.db.clearOfflineData();
  await vi.advanceTimersByTimeAsync(500);
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(fresh.getQueryCache().getAll()).toEqual([]);
});

it("writes nothing of the user back once sign-out stopped keeping, not even a save that was due", async () => {
  const tab = await browser.openTab();
  const client = pageWith([task("family01-fern", { groupId: GROUP, title: "Water the ferns" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  // A burst of live updates: the last one's save waits for the delay...
  client.setQueryData(["settings"], { theme: "dark" });
  client.setQueryData(["settings"], { theme: "light" });
  // ...and the user signs out within it: keeping stops, then IndexedDB is emptied.
  await tab.persist.stopKeepingQueryCache();
  await tab.db.clearOfflineData();
  // A refetch answering after the session ended changes the cache again.
  client.setQueryData(["groups"], [{ id: GROUP, name: "Family" }]);
  await vi.advanceTimersByTimeAsync(500);
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(fresh.getQueryCache().getAll()).toEqual([]);
});

it("writes a change after a quiet spell at once, so a reload right after it starts from it", async () => {
  const tab = await browser.openTab();
  const client = pageWith([task("family01-fern", { groupId: GROUP, title: "Water the ferns" })]);
  await tab.persist.keepQueryCacheOffline(client, USER);
  await vi.advanceTimersByTimeAsync(2_000);
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), (list) => ({
    ...list!,
    tasks: [...list!.tasks, task("family01-dent", { groupId: GROUP, title: "Book the dentist" })],
  }));
  // No time passes: the page is reloaded at once.
  await writesDone(tab);

  const reloaded = await browser.openTab();
  const fresh = new QueryClient();
  await reloaded.persist.restoreQueryCache(fresh, USER);
  expect(titles(fresh)).toEqual(["Water the ferns", "Book the dentist"]);
});
