import {
  type Backup,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupTask,
  type RestoreResult,
} from "../../domain/backup.js";
import { DEFAULT_CATEGORY_IDS } from "../../domain/categories.js";
import { GROUP_MESSAGES } from "../../domain/group-messages.js";
import type { AppDeps } from "../deps.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.js";
import type { Repositories } from "../repositories/index.js";
import type { SubtaskRow, TaskRow } from "../repositories/task-repository.js";
import type { UserRow } from "../repositories/user-repository.js";
import { repeatColumns, storedRepeat } from "./task-repeats.js";
import { announceTaskChanges } from "./tasks.js";
import { inTransaction } from "./transaction.js";

function toBackupTasks(rows: readonly TaskRow[], subtasks: readonly SubtaskRow[]): BackupTask[] {
  return rows.map((row) => ({
    id: row.id,
    groupId: row.group_id,
    title: row.title,
    completed: row.completed === 1,
    completedAt: row.completed_at,
    deadline: row.deadline,
    deadlineTimeZone: row.deadline_time_zone,
    repeat: storedRepeat(row),
    priority: row.priority,
    category: row.category,
    locked: row.locked === 1,
    notes: row.notes,
    subtasks: subtasks
      .filter((subtask) => subtask.task_id === row.id)
      .map((subtask) => ({
        id: subtask.id,
        title: subtask.title,
        completed: subtask.completed === 1,
        createdAt: subtask.created_at,
        completedAt: subtask.completed_at,
      })),
    order: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** spec backup-tasks: the tasks the user owns, in whichever groups they are. */
export async function backupUserTasks(deps: AppDeps, user: UserRow): Promise<Backup> {
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
export async function backupGroup(deps: AppDeps, user: UserRow, groupId: string): Promise<Backup> {
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
    categories: (await categories.listForGroup(groupId)).map((row) => ({
      id: row.id,
      name: row.name,
      label: row.label,
      icon: row.icon as Backup["categories"][number]["icon"],
      color: row.color as Backup["categories"][number]["color"],
      order: Number(row.sort_order),
      shared: row.shared === 1,
    })),
  };
}

interface Plan {
  /** Where each task goes. */
  targetGroup: (task: BackupTask) => string;
  /** Tasks that replace mode deletes first. */
  replaced: (repositories: Repositories) => Promise<TaskRow[]>;
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
  user: UserRow,
  backup: Backup,
  mode: "merge" | "replace",
  plan: Plan,
): Promise<RestoreResult> {
  const ids = backup.tasks.map((task) => task.id);
  if (new Set(ids).size !== ids.length) throw new ValidationError("The backup lists a task id twice");
  const groupIds = [...new Set(backup.tasks.map(plan.targetGroup))];

  let seqs = new Map<string, number>();
  const result = await inTransaction(deps, async (repositories) => {
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
      if (row.owner_id !== user.id && !(await repositories.groups.memberRole(row.group_id, user.id))) {
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
        group_id: groupId,
        title: task.title,
        completed: task.completed ? 1 : 0,
        completed_at: task.completed ? (task.completedAt ?? at) : null,
        deadline: task.deadline,
        deadline_time_zone: task.deadline ? (task.deadlineTimeZone ?? "UTC") : null,
        ...repeatColumns(task.repeat),
        priority: task.priority,
        category,
        owner_id: user.id,
        locked: task.locked ? 1 : 0,
        notes: task.notes,
        sort_order: task.order,
        created_at: task.createdAt,
        updated_at: at,
      });
      await repositories.tasks.insertSubtasks(
        task.subtasks.map((subtask, position) => ({
          task_id: task.id,
          id: subtask.id,
          title: subtask.title,
          completed: subtask.completed ? 1 : 0,
          position,
          created_at: subtask.createdAt,
          completed_at: subtask.completed ? (subtask.completedAt ?? at) : null,
        })),
      );
      note(await repositories.tasks.recordChange([groupId], task.id, at));
      restored += 1;
    }
    seqs = changes;
    return { restored, skipped: backup.tasks.length - restored, deleted };
  });
  await announceTaskChanges(deps, seqs, [user.id]);
  return result;
}

/** spec restore-tasks: the user's own tasks, each back into its group (which they must still be in). */
export function restoreUserTasks(
  deps: AppDeps,
  user: UserRow,
  backup: Backup,
  mode: "merge" | "replace",
): Promise<RestoreResult> {
  if (backup.scope !== "user") throw new ValidationError("This is a group backup: restore it on the group's settings");
  const groups = new Set(backup.tasks.map((task) => task.groupId));
  return restore(deps, user, backup, mode, {
    targetGroup: (task) => task.groupId,
    replaced: async (repositories) =>
      (await repositories.tasks.listOwnedBy(user.id)).filter((row) => groups.has(row.group_id)),
  });
}

/**
 * spec group_restore_tasks: into this group, categories first. Merging is for every member;
 * replacing deletes everyone's tasks in the group, so it is the owner's.
 */
export async function restoreGroup(
  deps: AppDeps,
  user: UserRow,
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
          group_id: groupId,
          id: category.id,
          name: category.name,
          label: category.label,
          icon: category.icon,
          color: category.color,
          sort_order: category.order,
          owner_id: user.id,
        })),
        at,
      ),
  });
}
