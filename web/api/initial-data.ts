import type { QueryClient } from "@tanstack/react-query";
import { INITIAL_DATA_ELEMENT_ID, type InitialAppData } from "../../domain/initial-data";
import { settingsKeys } from "./settings";
import { groupKeys } from "./groups";
import { categoryKeys, type GroupTaskList, taskKeys } from "./tasks";

/**
 * Puts the data the server sent with a signed-in page (script#initial-data) in the query cache,
 * once, before the first render: the task list shows without waiting for its requests. Each entry
 * counts as fetched now, so it is refreshed when it goes stale like any answer. A page without it
 * (a visitor's, the dev server's, the service worker's offline copy) changes nothing.
 */
export function seedInitialData(client: QueryClient): void {
  const element = typeof document === "undefined" ? null : document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  element.remove();
  let data: InitialAppData;
  try {
    data = JSON.parse(element.textContent) as InitialAppData;
  } catch {
    return;
  }
  client.setQueryData(groupKeys.all, data.groups);
  client.setQueryData(settingsKeys.all, data.settings);
  if (data.home) {
    const { groupId, tasks, categories } = data.home;
    client.setQueryData<GroupTaskList>(taskKeys.group(groupId), { tasks: tasks.tasks, seq: tasks.seq });
    client.setQueryData(categoryKeys.group(groupId), categories);
  }
}
