/** The first part of every query key of delegation's data: a live event refetches all of it. */
export const DELEGATION_ROOT = "delegation";

/** The server's one live event of this part (server/modules/task-delegation/assignment/announce.ts). */
export const ASSIGNMENTS_CHANGED = "assignments.changed";
