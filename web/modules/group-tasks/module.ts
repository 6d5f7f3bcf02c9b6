import type { WebModule } from "../web-module";

/**
 * /group-tasks: every task of all the user's groups in one list. The list itself (GET /api/tasks)
 * stays the task manager's: the navigation's counts and the dashboard read it too.
 */
export const groupTasks: WebModule = {
  id: "group-tasks",
  queryRoots: [],
  pages: { "/group-tasks": () => import("./GroupTasksPage") },
};
