import type { TaskWriteHook } from "../../../services/tasks/task-write-hooks.js";
import { GroupRepository } from "../../../repositories/group-repository.js";
import { notifyAboutTask, tellTaskViewers } from "./announce.js";
import { assignedLookup } from "./assigned-lookup.js";
import { AssignmentRepository } from "./repository.js";
import { pickNextAssignee } from "./rotation.js";

/**
 * How assignments follow the task's own changes (server/services/tasks/task-write-hooks.ts):
 * - completing a repeating task hands its next occurrence on: with a rotation, to the next member
 *   (in turn, or the one with the least done this week), which keeps the rotation; without one,
 *   to whoever had this occurrence, so a chore that is someone's stays theirs;
 * - a task moved to another group leaves its assignee, open flag and rotation behind: they were
 *   decisions of the old group's members.
 */
export const assignmentTaskWrites: Omit<TaskWriteHook, "moduleId"> = {
  async during(transaction, { before, after, actor, at, nextOccurrenceId }) {
    const assignments = new AssignmentRepository(transaction);
    if (before.groupId !== after.groupId) {
      await assignments.unassign(after.id);
      await assignments.close(after.id);
      await assignments.removeRotation(after.id);
      return;
    }
    if (!nextOccurrenceId || before.completed || !after.completed) return;
    const [current, rotations, memberIds] = await Promise.all([
      assignments.assignmentOf(after.id),
      assignments.rotationsOf([after.id]),
      new GroupRepository(transaction).memberIds(after.groupId),
    ]);
    const rotation = rotations.get(after.id);
    if (rotation) {
      const stillMembers = rotation.memberIds.filter((id) => memberIds.includes(id));
      const kept = { mode: rotation.mode, memberIds: stillMembers };
      await assignments.saveRotation(nextOccurrenceId, kept, at);
      const next = await pickNextAssignee(assignments, kept, current?.assigneeId ?? null, new Date(at));
      if (next) await assignments.assign(nextOccurrenceId, next, actor.id, "rotation", at);
    } else if (current && memberIds.includes(current.assigneeId)) {
      await assignments.assign(nextOccurrenceId, current.assigneeId, current.assignedBy, current.how, at);
    }
  },

  /**
   * Every device of those who see the task refetches who has what; whoever a rotation gave the
   * next occurrence is told it is their turn. (The core already tells everyone who sees a task,
   * the assigner and the owner among them, that it was completed.)
   */
  async after(deps, { before, after, actor, nextOccurrenceId }) {
    const assignments = new AssignmentRepository(deps.database.db);
    const affected = before.completed !== after.completed || before.groupId !== after.groupId;
    if (!affected && !(await assignedLookup(deps.database.db).isAssigned(after.id))) return;
    await tellTaskViewers(deps, after.id, after.groupId);
    if (!nextOccurrenceId) return;
    const next = await assignments.assignmentOf(nextOccurrenceId);
    if (next?.how === "rotation")
      await notifyAboutTask(deps, [next.assigneeId], actor.id, nextOccurrenceId, "Your turn", after.title);
  },
};
