import type { Task } from "../../../domain/tasks.js";
import type { AppDeps } from "../../deps.js";
import type { InvitationView } from "../../repositories/invitation-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { notifyUsers } from "./notifications.js";

/**
 * The notifications that real events make: what happened, for whom. Each is called
 * after its change has committed, and never fails it (notifyUsers swallows its own errors).
 */

/** How the actor is named to others: the name on their profile, as members see it. */
async function nameOf(deps: AppDeps, user: User): Promise<string> {
  return (await deps.repositories.profiles.find(user.id))?.displayName ?? user.name;
}

const taskLink = (task: Task) => `/task-detail-page?id=${encodeURIComponent(task.id)}`;

/** Everyone who sees the task (members of its group and of the groups it is shared with), but the actor. */
async function othersSeeing(deps: AppDeps, task: Task, actorId: string): Promise<string[]> {
  const members = await Promise.all(
    [task.groupId, ...task.sharedWithGroups].map((groupId) => deps.repositories.groups.memberIds(groupId)),
  );
  return [...new Set(members.flat())].filter((id) => id !== actorId);
}

/** An invitation arrived: its addressee, if they have an account with that confirmed address. */
export async function notifyInvitationSent(deps: AppDeps, view: InvitationView): Promise<void> {
  const invitees = await deps.repositories.users.findVerifiedByEmail(view.email);
  await notifyUsers(
    deps,
    invitees.map((user) => user.id),
    {
      type: "invite",
      title: `${view.inviterName} invited you to ${view.groupName}`,
      body: "Accept to share its tasks and lists, or decline.",
      link: "/invitations",
      emailedElsewhere: true,
    },
  );
}

/** An invitation was answered: whoever sent it. */
export async function notifyInvitationAnswered(
  deps: AppDeps,
  invitee: User,
  view: InvitationView,
  accepted: boolean,
): Promise<void> {
  const name = await nameOf(deps, invitee);
  await notifyUsers(deps, [view.invitedBy], {
    type: "invite",
    title: accepted ? `${name} joined ${view.groupName}` : `${name} declined your invitation to ${view.groupName}`,
    body: accepted
      ? "They accepted your invitation and see the group's tasks now."
      : "You can invite them again later.",
    link: accepted ? "/groups" : "/invitations",
  });
}

/** A task was shared with a group: that group's members, but the owner who shared it. */
export async function notifyTaskShared(deps: AppDeps, actor: User, task: Task, groupId: string): Promise<void> {
  const [group, members] = await Promise.all([
    deps.repositories.groups.findById(groupId),
    deps.repositories.groups.memberIds(groupId),
  ]);
  await notifyUsers(
    deps,
    members.filter((id) => id !== actor.id),
    {
      type: "task",
      title: `${await nameOf(deps, actor)} shared a task with ${group?.name ?? "your group"}`,
      body: task.title,
      link: taskLink(task),
    },
  );
}

/** A task was completed: everyone else who sees it. */
export async function notifyTaskCompleted(deps: AppDeps, actor: User, task: Task): Promise<void> {
  await notifyUsers(deps, await othersSeeing(deps, task, actor.id), {
    type: "task",
    title: `${await nameOf(deps, actor)} completed a task`,
    body: task.title,
    link: taskLink(task),
  });
}
