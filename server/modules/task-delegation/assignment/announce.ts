import type { AppDeps } from "../../../deps.js";
import { notifyUsers } from "../../../services/notifications/notifications.js";
import { tellModuleUsers } from "../../live.js";

export const DELEGATION_MODULE = "task-delegation";
/** The one live event of this part: every page and badge of it refetches (web/modules/task-delegation/delegation/part.ts). */
export const ASSIGNMENTS_CHANGED = "assignments.changed";

const taskLink = (taskId: string) => `/task-detail-page?id=${encodeURIComponent(taskId)}`;

/**
 * Everyone who sees the task (its group and the groups it is shared with): their badges, pages
 * and editors refetch on every device. Called after the change committed.
 */
export async function tellTaskViewers(deps: AppDeps, taskId: string, groupId: string, also: string[] = []) {
  const shares = await deps.repositories.tasks.sharesOf([taskId]);
  const members = await Promise.all(
    [groupId, ...shares.map((share) => share.groupId)].map((id) => deps.repositories.groups.memberIds(id)),
  );
  await tellModuleUsers(deps, DELEGATION_MODULE, [...members.flat(), ...also], ASSIGNMENTS_CHANGED, groupId);
}

/** A notification about a task (type "task": the user's settings say push, email or only the center). */
export async function notifyAboutTask(
  deps: AppDeps,
  userIds: string[],
  actorId: string,
  taskId: string,
  title: string,
  body: string,
  link = taskLink(taskId),
): Promise<void> {
  await notifyUsers(
    deps,
    userIds.filter((id) => id !== actorId),
    { type: "task", title, body, link },
  );
}
