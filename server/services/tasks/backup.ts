import {
  type Backup,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupTask,
  type RestoreResult,
} from "../../../domain/backup.js";
import { DEFAULT_CATEGORY_IDS } from "../../../domain/categories.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { AppDeps } from "../../deps.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { SubtaskRecord, TaskRecord } from "../../repositories/task-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { repeatFields, storedRepeat } from "./task-repeats.js";
import { announceTaskChanges } from "./tasks.js";
import { inTransaction } from "../transaction.js";

function toBackupTasks(tasks: readonly TaskRecord[], subtasks: readonly SubtaskRecord[]): BackupTask[] {
  return tasks.map((task) => ({
    id: task.id,
    groupId: task.groupId,
    title: task.title,
    completed: task.completed,
    completedAt: task.completedAt,
    deadline: task.deadline,
    deadlineTimeZone: task.deadlineTimeZone,
    repeat: storedRepeat(task),
    priority: task.priority,
    category: task.category,
    locked: task.locked,
    notes: task.notes,
    subtasks: subtasks
      .filter((subtask) => subtask.taskId === task.id)
      .map((subtask) => ({
        id: subtask.id,
        title: subtask.title,
        completed: subtask.completed,
        createdAt: subtask.createdAt,
        completedAt: subtask.completedAt,
      })),
    order: task.sortOrder,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
  }));
}

/** spec backup-tasks: the tasks the user owns, in whichever groups they are. */
export async function backupUserTasks(deps: AppDeps, user: User): Promise<Backup> {
  const rows = await deps.repositories.tasks.listOwnedBy(user.id);
  const subtasks = await deps.repositories.tasks.subtasksOf(rows.map((row) => row.id));
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date().toISOString(),
    scope: "user",
    groupId: null,
    tasks: toBackupTasks(rows, subtasks),
    categories: [],
  };
}

/** spec group_backup_tasks: a group's own tasks and its categories, for its members. */
export async function backupGroup(deps: AppDeps, user: User, groupId: string): Promise<Backup> {
  const { tasks, categories, groups } = deps.repositories;
  if (!(await groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  const rows = await tasks.listOwnOfGroup(groupId);
  const subtasks = await tasks.subtasksOf(rows.map((row) => row.id));
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date().toISOString(),
    scope: "group",
    groupId,
    tasks: toBackupTasks(rows, subtasks),
    categories: (await categories.listForGroup(groupId)).map((category) => ({
      id: category.id,
      name: category.name,
      label: category.label,
      icon: category.icon,
      color: category.color,
      order: category.order,
      shared: category.shared,
    })),
  };
}

interface Plan {
  /** Where each task goes. */
  targetGroup: (task: BackupTask) => string;
  /** Tasks that replace mode deletes first. */
  replaced: (repositories: Repositories) => Promise<TaskRecord[]>;
  /** Written in the same transaction, before the tasks (a group's categories). */
  prepare?: (repositories: Repositories, at: string) => Promise<void>;
}

/**
 * Checks everything before writing anything: every task's group, and that no id belongs to a
 * task the caller may not overwrite. Then, in one transaction, deletes what replace mode
 * replaces and adds every task not already there (by id), so a second restore adds nothing.
 */
async function restore(
  deps: AppDeps,
  user: User,
  backup: Backup,
  mode: "merge" | "replace",
  plan: Plan,
): Promise<RestoreResult> {
  const ids = backup.tasks.map((task) => task.id);
  if (new Set(ids).size !== ids.length) throw new ValidationError("The backup lists a task id twice");
  const groupIds = [...new Set(backup.tasks.map(plan.targetGroup))];

  const { result, seqs } = await inTransaction(deps, async (repositories) => {
    // In the transaction, locked: a removal racing the restore hands the restored tasks over too.
    for (const groupId of groupIds) {
      if (!(await repositories.groups.memberRoleForWrite(groupId, user.id))) {
        throw new ValidationError(
          `The backup has tasks of a group you are not a member of (${groupId}); nothing was restored`,
        );
      }
    }
    const at = new Date().toISOString();
    const changes = new Map<string, number>();
    const note = (more: Map<string, number>) => {
      for (const [group, seq] of more) changes.set(group, Math.max(seq, changes.get(group) ?? 0));
    };
    await plan.prepare?.(repositories, at);
    let deleted = 0;
    if (mode === "replace") {
      for (const task of await plan.replaced(repositories)) {
        const seeing = await repositories.tasks.groupsSeeing(task.id);
        await repositories.tasks.delete(task.id);
        note(await repositories.tasks.recordChange(seeing, task.id, at));
        deleted += 1;
      }
    }
    const existing = new Map((await repositories.tasks.listByIds(ids)).map((row) => [row.id, row]));
    for (const row of existing.values()) {
      if (row.ownerId !== user.id && !(await repositories.groups.memberRole(row.groupId, user.id))) {
        throw new ValidationError(`Task id ${row.id} is taken by a task you cannot see; nothing was restored`);
      }
    }
    let restored = 0;
    for (const task of backup.tasks) {
      if (existing.has(task.id)) continue;
      const groupId = plan.targetGroup(task);
      const categories = await repositories.categories.listForGroup(groupId);
      const category = categories.some((row) => row.id === task.category)
        ? task.category
        : DEFAULT_CATEGORY_IDS.at(-1)!;
      await repositories.tasks.insert({
        id: task.id,
        groupId,
        title: task.title,
        completed: task.completed,
        completedAt: task.completed ? (task.completedAt ?? at) : null,
        deadline: task.deadline,
        deadlineTimeZone: task.deadline ? (task.deadlineTimeZone ?? "UTC") : null,
        ...repeatFields(task.repeat),
        priority: task.priority,
        category,
        ownerId: user.id,
        locked: task.locked,
        notes: task.notes,
        sortOrder: task.order,
        createdAt: task.createdAt,
        updatedAt: at,
      });
      await repositories.tasks.insertSubtasks(
        task.subtasks.map((subtask, position) => ({
          taskId: task.id,
          id: subtask.id,
          title: subtask.title,
          completed: subtask.completed,
          position,
          createdAt: subtask.createdAt,
          completedAt: subtask.completed ? (subtask.completedAt ?? at) : null,
        })),
      );
      note(await repositories.tasks.recordChange([groupId], task.id, at));
      restored += 1;
    }
    return { result: { restored, skipped: backup.tasks.length - restored, deleted }, seqs: changes };
  });
  await announceTaskChanges(deps, seqs, [user.id]);
  return result;
}

/** spec restore-tasks: the user's own tasks, each back into its group (which they must still be in). */
export function restoreUserTasks(
  deps: AppDeps,
  user: User,
  backup: Backup,
  mode: "merge" | "replace",
): Promise<RestoreResult> {
  if (backup.scope !== "user") throw new ValidationError("This is a group backup: restore it on the group's settings");
  const groups = new Set(backup.tasks.map((task) => task.groupId));
  return restore(deps, user, backup, mode, {
    targetGroup: (task) => task.groupId,
    replaced: async (repositories) =>
      (await repositories.tasks.listOwnedBy(user.id)).filter((task) => groups.has(task.groupId)),
  });
}

/**
 * spec group_restore_tasks: into this group, categories first. Merging is for every member;
 * replacing deletes everyone's tasks in the group, so it is the owner's.
 */
export async function restoreGroup(
  deps: AppDeps,
  user: User,
  groupId: string,
  backup: Backup,
  mode: "merge" | "replace",
): Promise<RestoreResult> {
  const role = await deps.repositories.groups.memberRole(groupId, user.id);
  if (!role) throw new NotFoundError(GROUP_MESSAGES.notFound);
  if (mode === "replace" && role !== "owner") throw new ForbiddenError(GROUP_MESSAGES.ownerOnly);
  if (backup.scope !== "group")
    throw new ValidationError("This is a backup of your own tasks: restore it in your settings");
  return restore(deps, user, backup, mode, {
    targetGroup: () => groupId,
    replaced: (repositories) => repositories.tasks.listOwnOfGroup(groupId),
    prepare: (repositories, at) =>
      repositories.categories.insertIfMissing(
        backup.categories.map((category) => ({
          groupId,
          id: category.id,
          name: category.name,
          label: category.label,
          icon: category.icon,
          color: category.color,
          order: category.order,
          ownerId: user.id,
        })),
        at,
      ),
  });
}
