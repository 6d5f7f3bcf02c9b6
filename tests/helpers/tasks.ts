import { expect } from "vitest";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import type { HttpClient } from "./http-client.js";

/** The id of the caller's personal group (every account has one). */
export async function personalGroupId(client: HttpClient): Promise<string> {
  const groups = (await (await client.request("/api/groups")).json()) as Group[];
  return groups.find((group) => group.isPersonal)!.id;
}

/** Adds a task over the API, as the app does, and answers it as the server made it. */
export async function addTaskOverApi(
  client: HttpClient,
  groupId: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Task> {
  const response = await client.request("/api/tasks", { json: { groupId, title, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task: Task }).task;
}
