/** The query keys of delegation's data: one root, so a live event refetches all of it. */
export const delegationKeys = {
  root: ["delegation"] as const,
  group: (groupId: string) => ["delegation", "group", groupId] as const,
  task: (taskId: string) => ["delegation", "task", taskId] as const,
  delegations: ["delegation", "requests"] as const,
  overview: ["delegation", "overview"] as const,
  volunteering: ["delegation", "volunteering"] as const,
  settings: (groupId: string) => ["delegation", "settings", groupId] as const,
};

/** The server's one live event of this part (server/modules/task-delegation/assignment/announce.ts). */
export const ASSIGNMENTS_CHANGED = "assignments.changed";
