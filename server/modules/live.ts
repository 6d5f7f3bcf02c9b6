import type { AppDeps } from "../deps.js";
import { tellUsers } from "../services/live-events.js";
import { enabledModulesFor } from "../services/preferences/module-switches.js";

/**
 * Of these users, those who have the module on (in the group, whose owner may have switched it
 * off for everyone in it): a switched-off module's events and notifications stop with it.
 */
export async function usersWithModule(
  deps: AppDeps,
  moduleId: string,
  userIds: Iterable<string>,
  groupId?: string,
): Promise<string[]> {
  const users = [...new Set(userIds)];
  const enabled = await Promise.all(
    users.map(async (userId) => (await enabledModulesFor(deps, userId, groupId ? [groupId] : [])).has(moduleId)),
  );
  return users.filter((_, index) => enabled[index]);
}

/**
 * Tells users' open sessions that something of a module changed (a `module.event`), leaving out
 * those who have the module off. `groupId` names the group the change is about.
 */
export async function tellModuleUsers(
  deps: AppDeps,
  moduleId: string,
  userIds: Iterable<string>,
  event: string,
  groupId?: string,
): Promise<void> {
  const listening = await usersWithModule(deps, moduleId, userIds, groupId);
  if (listening.length === 0) return;
  await tellUsers(deps, listening, { type: "module.event", moduleId, event, ...(groupId ? { groupId } : {}) });
}
