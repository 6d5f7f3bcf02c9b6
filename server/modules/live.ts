import type { AppDeps } from "../deps.js";
import { tellUsers } from "../services/live-events.js";
import { enabledModulesFor } from "../services/preferences/module-switches.js";

/**
 * Tells users' open sessions that something of a module changed (a `module.event`), leaving out
 * those who have the module off: a switched-off module's events stop with it. `groupId` names the
 * group the change is about, whose owner may have switched the module off for it.
 */
export async function tellModuleUsers(
  deps: AppDeps,
  moduleId: string,
  userIds: Iterable<string>,
  event: string,
  groupId?: string,
): Promise<void> {
  const listening: string[] = [];
  for (const userId of new Set(userIds)) {
    const enabled = await enabledModulesFor(deps, userId, groupId ? [groupId] : []);
    if (enabled.has(moduleId)) listening.push(userId);
  }
  if (listening.length === 0) return;
  await tellUsers(deps, listening, { type: "module.event", moduleId, event, ...(groupId ? { groupId } : {}) });
}
