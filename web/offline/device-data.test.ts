import { QueryClient } from "@tanstack/react-query";
import { expect, it } from "vitest";
import type { Task } from "../../domain/tasks";
import { type GroupTaskList, taskKeys } from "../api/tasks";
import { task } from "../test-support/task";
import { type Tab, browserForEachTest } from "./testing/device";

const GROUP = "family01";
const USER = "user-1";
const browser = browserForEachTest();

const ferns = task("family01-fern", { groupId: GROUP, title: "Water the ferns" });
const dentist = task("family01-dent", { groupId: GROUP, title: "Book the dentist" });
const plumber = task("family01-plum", { groupId: GROUP, title: "Call the plumber" });

/** A tab showing the group's list as the server sent it, saving it on the device as it changes. */
async function openList(tasks: Task[]): Promise<{ tab: Tab; client: QueryClient }> {
  const tab = await browser.openTab();
  const client = new QueryClient();
  client.setQueryData<GroupTaskList>(taskKeys.group(GROUP), { tasks, seq: 1 });
  await tab.persist.keepQueryCacheOffline(client, USER);
  return { tab, client };
}

const shown = (client: QueryClient) =>
  client
    .getQueryData<GroupTaskList>(taskKeys.group(GROUP))
    ?.tasks.map((cached) => `${cached.title}${cached.completed ? " (done)" : ""}`);

it("shows after a reload every change still queued, also those of a tab whose copy of the lists was saved over", async () => {
  for (const saved of [ferns, dentist, plumber]) browser.api.tasks.set(saved.id, saved);
  const first = await openList([ferns, dentist, plumber]);
  const second = await openList([ferns, dentist, plumber]);
  browser.setOnline(false);
  await first.tab.taskActions.editTask(first.client, dentist, { completed: true }, { failure: "Failed" });
  await first.tab.taskActions.addTask(first.client, { groupId: GROUP, title: "Thought of on the train" }, USER);
  // The second tab never heard of those; its own change saves its copy of the lists over the first's.
  await second.tab.taskActions.editTask(second.client, plumber, { completed: true }, { failure: "Failed" });
  await (await second.tab.db.offlineDb()).cache.count();

  const reloaded = await browser.openTab();
  const client = new QueryClient();
  await reloaded.deviceData.restoreDeviceData(client, USER);
  expect(shown(client)?.sort()).toEqual([
    "Book the dentist (done)",
    "Call the plumber (done)",
    "Thought of on the train",
    "Water the ferns",
  ]);
  expect(browser.api.received).toEqual([]);
});

it("applies the queued changes over the list the page came with from the server", async () => {
  browser.api.tasks.set(ferns.id, ferns);
  const { tab, client } = await openList([ferns]);
  browser.setOnline(false);
  await tab.taskActions.editTask(client, ferns, { title: "Water the ferns and the basil" }, { failure: "Failed" });
  await tab.taskActions.removeTask(client, ferns);

  // Online again, but another tab is sending the queue: the page's list is the server's, without the changes.
  browser.setOnline(true);
  const reloaded = await browser.openTab();
  const page = new QueryClient();
  page.setQueryData<GroupTaskList>(taskKeys.group(GROUP), { tasks: [ferns, dentist], seq: 2 });
  await reloaded.deviceData.restoreDeviceData(page, USER);
  expect(shown(page)).toEqual(["Book the dentist"]);
});
