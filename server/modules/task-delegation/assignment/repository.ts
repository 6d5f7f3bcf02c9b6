import type { Kysely, Selectable } from "kysely";
import type { AssignmentHow, DelegationStatus, RotationMode } from "../../../../domain/delegation-rules.js";
import type { DB } from "../../../db/schema.js";
import { preparedQuery } from "../../../db/prepared-query.js";
import type { GroupDelegationSettingsTable, TaskDelegationTable } from "./tables.js";
import "./tables.js";

export interface AssignmentRecord {
  taskId: string;
  assigneeId: string;
  assigneeName: string;
  assignedBy: string;
  assignedAt: string;
  how: AssignmentHow;
}

export interface DelegationRecord {
  id: string;
  taskId: string;
  taskTitle: string;
  groupId: string;
  fromUserId: string;
  fromName: string;
  toUserId: string;
  toName: string;
  status: DelegationStatus;
  note: string;
  answerNote: string;
  createdAt: string;
  answeredAt: string | null;
}

export interface PartSwitches {
  delegation: boolean;
  assignment: boolean;
  volunteering: boolean;
}

export interface RotationRecord {
  mode: RotationMode;
  memberIds: string[];
}

/** Every part is on until the group's owner switches it off. */
const ALL_ON: PartSwitches = { delegation: true, assignment: true, volunteering: true };

function toSwitches(row: Selectable<GroupDelegationSettingsTable> | undefined): PartSwitches {
  if (!row) return ALL_ON;
  return { delegation: row.delegation === 1, assignment: row.assignment === 1, volunteering: row.volunteering === 1 };
}

type DelegationRow = Selectable<TaskDelegationTable> & {
  task_title: string;
  group_id: string;
  from_name: string;
  to_name: string;
};

function toDelegation(row: DelegationRow): DelegationRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    taskTitle: row.task_title,
    groupId: row.group_id,
    fromUserId: row.from_user_id,
    fromName: row.from_name,
    toUserId: row.to_user_id,
    toName: row.to_name,
    status: row.status,
    note: row.note,
    answerNote: row.answer_note,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

/** Who does what: assignments, requests, open tasks, rotations and the groups' switches. No transactions of its own. */
/**
 * A task's assignment, asked after every change to a task (task-writes.ts): compiled once
 * (prepared-query.ts), not built per request.
 */
const assignmentOfQuery = preparedQuery((db: Kysely<DB>, taskId: string) =>
  selectAssignments(db).where("task_assignments.task_id", "=", taskId),
);

/** Assignments with the assignee's name as members see it. */
function selectAssignments(db: Kysely<DB>) {
  return db
    .selectFrom("task_assignments")
    .innerJoin("users", "users.id", "task_assignments.assignee_id")
    .leftJoin("profiles", "profiles.user_id", "task_assignments.assignee_id")
    .select([
      "task_assignments.task_id",
      "task_assignments.assignee_id",
      "task_assignments.assigned_by",
      "task_assignments.assigned_at",
      "task_assignments.how",
      (eb) => eb.fn.coalesce("profiles.display_name", "users.name").as("assignee_name"),
    ]);
}

export class AssignmentRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The name members see: the profile's display name, else the sign-in name. */
  async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("users")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      .select(["users.id", (eb) => eb.fn.coalesce("profiles.display_name", "users.name").as("name")])
      .where("users.id", "in", [...new Set(userIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private assignmentQuery() {
    return selectAssignments(this.db);
  }

  private static toAssignment(row: {
    task_id: string;
    assignee_id: string;
    assigned_by: string;
    assigned_at: string;
    how: AssignmentHow;
    assignee_name: string;
  }): AssignmentRecord {
    return {
      taskId: row.task_id,
      assigneeId: row.assignee_id,
      assigneeName: row.assignee_name,
      assignedBy: row.assigned_by,
      assignedAt: row.assigned_at,
      how: row.how,
    };
  }

  async assignmentOf(taskId: string): Promise<AssignmentRecord | undefined> {
    const [row] = await assignmentOfQuery(this.db, taskId);
    return row && AssignmentRepository.toAssignment(row);
  }

  async assignmentsOf(taskIds: readonly string[]): Promise<Map<string, AssignmentRecord>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.assignmentQuery()
      .where("task_assignments.task_id", "in", [...taskIds])
      .execute();
    return new Map(rows.map((row) => [row.task_id, AssignmentRepository.toAssignment(row)]));
  }

  /** Ids of the tasks assigned to the user, in any group. */
  async taskIdsAssignedTo(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("task_assignments")
      .select("task_id")
      .where("assignee_id", "=", userId)
      .execute();
    return rows.map((row) => row.task_id);
  }

  /** Gives the task to the user, whoever had it. */
  async assign(taskId: string, assigneeId: string, assignedBy: string, how: AssignmentHow, now: string) {
    await this.db
      .insertInto("task_assignments")
      .values({ task_id: taskId, assignee_id: assigneeId, assigned_by: assignedBy, assigned_at: now, how })
      .onConflict((conflict) =>
        conflict
          .column("task_id")
          .doUpdateSet({ assignee_id: assigneeId, assigned_by: assignedBy, assigned_at: now, how }),
      )
      .execute();
  }

  /**
   * A claim: ONE conditional insert, which only the first of any number of concurrent claims
   * makes (the primary key on task_id); true when this one did.
   */
  async claim(taskId: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("task_assignments")
      .values({ task_id: taskId, assignee_id: userId, assigned_by: userId, assigned_at: now, how: "volunteer" })
      .onConflict((conflict) => conflict.column("task_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Removes the assignment; with `onlyOf`, only if that user has it. True when one was removed. */
  async unassign(taskId: string, onlyOf?: string): Promise<boolean> {
    let query = this.db.deleteFrom("task_assignments").where("task_id", "=", taskId);
    if (onlyOf) query = query.where("assignee_id", "=", onlyOf);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // Requests -------------------------------------------------------------------------------

  private delegationQuery() {
    return this.db
      .selectFrom("task_delegations")
      .innerJoin("tasks", "tasks.id", "task_delegations.task_id")
      .innerJoin("users as from_user", "from_user.id", "task_delegations.from_user_id")
      .leftJoin("profiles as from_profile", "from_profile.user_id", "task_delegations.from_user_id")
      .innerJoin("users as to_user", "to_user.id", "task_delegations.to_user_id")
      .leftJoin("profiles as to_profile", "to_profile.user_id", "task_delegations.to_user_id")
      .selectAll("task_delegations")
      .select([
        "tasks.title as task_title",
        "tasks.group_id",
        (eb) => eb.fn.coalesce("from_profile.display_name", "from_user.name").as("from_name"),
        (eb) => eb.fn.coalesce("to_profile.display_name", "to_user.name").as("to_name"),
      ]);
  }

  async delegation(id: string): Promise<DelegationRecord | undefined> {
    const row = await this.delegationQuery().where("task_delegations.id", "=", id).executeTakeFirst();
    return row && toDelegation(row as DelegationRow);
  }

  async pendingDelegationOf(taskId: string): Promise<DelegationRecord | undefined> {
    const row = await this.delegationQuery()
      .where("task_delegations.task_id", "=", taskId)
      .where("task_delegations.status", "=", "pending")
      .executeTakeFirst();
    return row && toDelegation(row as DelegationRow);
  }

  /** The requests the user made or was sent, newest first (the last 100). */
  async delegationsOf(userId: string): Promise<DelegationRecord[]> {
    const rows = await this.delegationQuery()
      .where((eb) =>
        eb.or([eb("task_delegations.from_user_id", "=", userId), eb("task_delegations.to_user_id", "=", userId)]),
      )
      .orderBy("task_delegations.created_at", "desc")
      .orderBy("task_delegations.id")
      .limit(100)
      .execute();
    return rows.map((row) => toDelegation(row as DelegationRow));
  }

  /** False when the task has a pending request already (the partial unique index decides a race). */
  async insertDelegation(row: {
    id: string;
    taskId: string;
    fromUserId: string;
    toUserId: string;
    note: string;
    now: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto("task_delegations")
      .values({
        id: row.id,
        task_id: row.taskId,
        from_user_id: row.fromUserId,
        to_user_id: row.toUserId,
        status: "pending",
        note: row.note,
        answer_note: "",
        created_at: row.now,
        answered_at: null,
      })
      // Any conflict is the pending-request index: the id is new.
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Answers a pending request; false when it was no longer pending (answered or revoked meanwhile). */
  async closeDelegation(id: string, status: Exclude<DelegationStatus, "pending">, answerNote: string, now: string) {
    const result = await this.db
      .updateTable("task_delegations")
      .set({ status, answer_note: answerNote, answered_at: now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // Open tasks -----------------------------------------------------------------------------

  async isOpen(taskId: string): Promise<boolean> {
    return Boolean(
      await this.db.selectFrom("open_tasks").select("task_id").where("task_id", "=", taskId).executeTakeFirst(),
    );
  }

  async openTaskIdsAmong(taskIds: readonly string[]): Promise<Set<string>> {
    if (taskIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("open_tasks")
      .select("task_id")
      .where("task_id", "in", [...taskIds])
      .execute();
    return new Set(rows.map((row) => row.task_id));
  }

  async open(taskId: string, userId: string, now: string): Promise<void> {
    await this.db
      .insertInto("open_tasks")
      .values({ task_id: taskId, opened_by: userId, opened_at: now })
      .onConflict((conflict) => conflict.column("task_id").doNothing())
      .execute();
  }

  async close(taskId: string): Promise<void> {
    await this.db.deleteFrom("open_tasks").where("task_id", "=", taskId).execute();
  }

  // Switches and rotations -----------------------------------------------------------------

  async switchesOf(groupIds: readonly string[]): Promise<Map<string, PartSwitches>> {
    const rows =
      groupIds.length === 0
        ? []
        : await this.db
            .selectFrom("group_delegation_settings")
            .selectAll()
            .where("group_id", "in", [...groupIds])
            .execute();
    const found = new Map(rows.map((row) => [row.group_id, toSwitches(row)]));
    return new Map(groupIds.map((groupId) => [groupId, found.get(groupId) ?? ALL_ON]));
  }

  async saveSwitches(groupId: string, switches: PartSwitches, now: string): Promise<void> {
    const values = {
      delegation: switches.delegation ? 1 : 0,
      assignment: switches.assignment ? 1 : 0,
      volunteering: switches.volunteering ? 1 : 0,
      updated_at: now,
    } as const;
    await this.db
      .insertInto("group_delegation_settings")
      .values({ group_id: groupId, ...values })
      .onConflict((conflict) => conflict.column("group_id").doUpdateSet(values))
      .execute();
  }

  async rotationsOf(taskIds: readonly string[]): Promise<Map<string, RotationRecord>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("task_rotations")
      .selectAll()
      .where("task_id", "in", [...taskIds])
      .execute();
    return new Map(
      rows.map((row) => [row.task_id, { mode: row.mode, memberIds: JSON.parse(row.member_ids) as string[] }]),
    );
  }

  async saveRotation(taskId: string, rotation: RotationRecord, now: string): Promise<void> {
    const values = { mode: rotation.mode, member_ids: JSON.stringify(rotation.memberIds), updated_at: now };
    await this.db
      .insertInto("task_rotations")
      .values({ task_id: taskId, ...values })
      .onConflict((conflict) => conflict.column("task_id").doUpdateSet(values))
      .execute();
  }

  async removeRotation(taskId: string): Promise<void> {
    await this.db.deleteFrom("task_rotations").where("task_id", "=", taskId).execute();
  }

  /** How many tasks assigned to each of these users were completed since the instant. */
  async doneSince(userIds: readonly string[], since: string): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("task_assignments")
      .innerJoin("tasks", "tasks.id", "task_assignments.task_id")
      .select(["task_assignments.assignee_id", (eb) => eb.fn.countAll<string | number>().as("done")])
      .where("task_assignments.assignee_id", "in", [...userIds])
      .where("tasks.completed", "=", 1)
      .where("tasks.completed_at", ">=", since)
      .groupBy("task_assignments.assignee_id")
      .execute();
    return new Map(rows.map((row) => [row.assignee_id, Number(row.done)]));
  }
}
