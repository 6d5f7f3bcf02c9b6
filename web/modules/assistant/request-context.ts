import type { QueryClient } from "@tanstack/react-query";
import type { Category } from "../../../domain/categories";
import type { GroupTaskList } from "../../api/tasks";
import { taskKeys } from "../../api/tasks";
import { localTimeZone } from "../../scenes/tasks/task-view";
import { appTimeLocale } from "../../stores/time-locale";
import type { RequestContext } from "./use-assistant";

/** The spec's active views; any other page is named by its path. */
function activeView(pathname: string): string {
  if (pathname === "/task-detail-page" || pathname === "/mobile-task-detail-page") return "task-details";
  if (pathname === "/dashboard") return "dashboard";
  if (pathname === "/category-settings") return "categories";
  return pathname;
}

/** The server keeps at most this many tasks of context (domain/assistant/api.ts). */
const MAX_TASKS = 2000;

/**
 * What goes with a message: the tasks and categories of the group on screen (what "it", "the
 * milk task" and "#home" can mean), the task open on screen, and the view.
 */
export function requestContext(
  client: QueryClient,
  groupId: string | undefined,
  categories: readonly Category[],
  location: { pathname: string; search: string },
): RequestContext {
  const tasks = groupId ? (client.getQueryData<GroupTaskList>(taskKeys.group(groupId))?.tasks ?? []) : [];
  const view = activeView(location.pathname);
  const currentTask = view === "task-details" ? new URLSearchParams(location.search).get("id") : null;
  return {
    context: {
      tasks: tasks.slice(0, MAX_TASKS).map((task) => ({
        id: task.id,
        title: task.title,
        completed: task.completed,
        category: task.category,
        deadline: task.deadline,
        priority: task.priority,
      })),
      categories: categories.map((category) => ({ id: category.id, label: category.label })),
      current_task: currentTask,
    },
    active_view: view,
    timeZone: localTimeZone(),
    locale: appTimeLocale(),
  };
}
