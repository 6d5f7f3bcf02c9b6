/* The module's query keys: module.ts, which loads with every page, needs them without the API calls. */

/** The first part of every messaging query key (web/modules/web-module.ts, queryRoots). */
export const MESSAGING_QUERY_ROOT = "messaging";
export const MESSAGING_MODULE_ID = "messaging";

export const messagingKeys = {
  all: [MESSAGING_QUERY_ROOT] as const,
  list: [MESSAGING_QUERY_ROOT, "conversations"] as const,
  group: (groupId: string) => [MESSAGING_QUERY_ROOT, "group", groupId] as const,
  task: (taskId: string) => [MESSAGING_QUERY_ROOT, "task", taskId] as const,
  messages: (conversationId: string) => [MESSAGING_QUERY_ROOT, "messages", conversationId] as const,
  /**
   * This device's unsent messages: under a root of their own, not kept with the cache (the
   * offline queue keeps them, and puts them back after a reload through showQueued).
   */
  pending: (conversationId: string) => ["messaging-pending", conversationId] as const,
  search: (groupId: string, text: string) => [MESSAGING_QUERY_ROOT, "search", groupId, text] as const,
  settings: [MESSAGING_QUERY_ROOT, "settings"] as const,
};
