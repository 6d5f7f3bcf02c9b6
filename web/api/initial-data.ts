import type { QueryClient } from "@tanstack/react-query";
import { INITIAL_DATA_ELEMENT_ID, type InitialAppData } from "../../domain/initial-data";
import { takeEmbeddedJson } from "./embedded-json";
import { settingsKeys } from "./settings";
import { groupKeys } from "./groups";
import { categoryKeys, type GroupTaskList, taskKeys } from "./tasks";

/**
 * Puts the data the server sent with a signed-in page (script#initial-data) in the query cache,
 * once, before the first render: the task list shows without waiting for its requests. Entries
 * date from when the server read them, so a newer copy in IndexedDB (web/offline/persist.ts)
 * still wins, and the live channel's hello refreshes them like anything fetched before it
 * connected. A page without it (a visitor's, the dev server's, the service worker's offline copy)
 * changes nothing. True when the page had it.
 */
export function seedInitialData(client: QueryClient): boolean {
  const data = takeEmbeddedJson(INITIAL_DATA_ELEMENT_ID) as InitialAppData | undefined;
  if (!data) return false;
  // Never in the future of this device's clock, or the entries would stay fresh too long.
  const updatedAt = Math.min(data.generatedAt, Date.now());
  client.setQueryData(groupKeys.all, data.groups, { updatedAt });
  client.setQueryData(settingsKeys.all, data.settings, { updatedAt });
  if (data.home) {
    const { groupId, tasks, categories } = data.home;
    client.setQueryData<GroupTaskList>(taskKeys.group(groupId), { tasks: tasks.tasks, seq: tasks.seq }, { updatedAt });
    client.setQueryData(categoryKeys.group(groupId), categories, { updatedAt });
  }
  return true;
}
