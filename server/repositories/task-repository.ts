import { CompiledQuery, type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { DB, SubtaskTable, TaskTable } from "../db/schema.js";
import { dialectOf, flagColumn, givenColumns } from "../db/column-types.js";
import { nameStatement } from "../db/named-statements.js";
import { preparedQuery } from "../db/prepared-query.js";
import { isoTimestamp, type SubtaskTuple, taskDetailRow } from "./task-detail-query.js";
import { CategoryRepository } from "./category-repository.js";
import { GroupRepository } from "./group-repository.js";
import {
  type CreatedForMember,
  createTaskForMember,
  type NewTaskPlace,
  newTaskPlaceForMember,
  newTaskValues,
  updateTaskWithChange,
} from "./task-writes-postgres.js";

/** A task as stored, as the rest of the server sees it: camelCase, flags as booleans. */
export interface TaskRecord {
  id: string;
  groupId: string;
  title: string;
  completed: boolean;
  completedAt: string | null;
  deadline: string | null;
  deadlineTimeZone: string | null;
  /** An RFC 5545 RRULE value (domain/repeat-rule.ts); null for a task that does not repeat. */
  repeatRule: string | null;
  repeatFromCompletion: boolean;
  priority: TaskTable["priority"];
  category: string;
  ownerId: string;
  locked: boolean;
  notes: string;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface SubtaskRecord {
  taskId: string;
  id: string;
  title: string;
  completed: boolean;
  position: number;
  createdAt: string;
  completedAt: string | null;
}

/** A task as opened: with its subtasks (in order) and the groups it is shared with. */
export interface TaskWithDetails {
  task: TaskRecord;
  subtasks: SubtaskRecord[];
  shares: string[];
}

/** Where a task is shared: the group it is shared with. */
export interface TaskShare {
  taskId: string;
  groupId: string;
}

function toTask(row: Selectable<TaskTable>): TaskRecord {
  return {
    id: row.id,
    groupId: row.group_id,
    title: row.title,
    completed: row.completed === 1,
    completedAt: row.completed_at,
    deadline: row.deadline,
    deadlineTimeZone: row.deadline_time_zone,
    repeatRule: row.repeat_rule,
    repeatFromCompletion: row.repeat_from_completion === 1,
    priority: row.priority,
    category: row.category,
    ownerId: row.owner_id,
    locked: row.locked === 1,
    notes: row.notes,
    // PostgreSQL may answer a numeric column as a string.
    sortOrder: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSubtask(row: Selectable<SubtaskTable>): SubtaskRecord {
  return {
    taskId: row.task_id,
    id: row.id,
    title: row.title,
    completed: row.completed === 1,
    position: Number(row.position),
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The columns of the fields given (a whole task, or the changed fields of one). */
function taskColumns(task: Partial<TaskRecord>): Updateable<TaskTable> {
  const columns: Updateable<TaskTable> = {
    id: task.id,
    group_id: task.groupId,
    title: task.title,
    completed: flagColumn(task.completed),
    completed_at: task.completedAt,
    deadline: task.deadline,
    deadline_time_zone: task.deadlineTimeZone,
    repeat_rule: task.repeatRule,
    repeat_from_completion: flagColumn(task.repeatFromCompletion),
    priority: task.priority,
    category: task.category,
    owner_id: task.ownerId,
    locked: flagColumn(task.locked),
    notes: task.notes,
    sort_order: task.sortOrder,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
  };
  return givenColumns(columns);
}

function subtaskColumns(subtask: Partial<SubtaskRecord>): Updateable<SubtaskTable> {
  const columns: Updateable<SubtaskTable> = {
    task_id: subtask.taskId,
    id: subtask.id,
    title: subtask.title,
    completed: flagColumn(subtask.completed),
    position: subtask.position,
    created_at: subtask.createdAt,
    completed_at: subtask.completedAt,
  };
  return givenColumns(columns);
}

const toShare = (row: { task_id: string; group_id: string }): TaskShare => ({
  taskId: row.task_id,
  groupId: row.group_id,
});

/*
 * The reads behind opening a task and loading a group's list, compiled once (prepared-query.ts).
 * A task is visible to the members of its group and the members of groups it is shared
 * with: one query, whatever the answer. Its owner is always a member of its group (leaving or
 * being removed hands one's tasks there to the group's owner), so ownership grants no sight of
 * its own: it cannot keep a removed member in (docs/decisions.md).
 */
const visibleTaskQuery = preparedQuery((db: Kysely<DB>, id: string, userId: string) =>
  db
    .selectFrom("tasks")
    .selectAll()
    .where("tasks.id", "=", id)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("group_members")
            .select(sql.lit(1).as("one"))
            .whereRef("group_members.group_id", "=", "tasks.group_id")
            .where("group_members.user_id", "=", userId),
        ),
        eb.exists(
          eb
            .selectFrom("task_shares")
            .innerJoin("group_members", "group_members.group_id", "task_shares.group_id")
            .select(sql.lit(1).as("one"))
            .whereRef("task_shares.task_id", "=", "tasks.id")
            .where("group_members.user_id", "=", userId),
        ),
      ]),
    ),
);

/** A group's own tasks and those shared with it, in the group's order. */
const groupTasksQuery = preparedQuery((db: Kysely<DB>, groupId: string) =>
  db
    .selectFrom("tasks")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("tasks.group_id", "=", groupId),
        eb("tasks.id", "in", eb.selectFrom("task_shares").select("task_id").where("group_id", "=", groupId)),
      ]),
    )
    .orderBy("sort_order")
    .orderBy("created_at")
    .orderBy("id"),
);

const taskByIdQuery = preparedQuery((db: Kysely<DB>, id: string) =>
  db.selectFrom("tasks").selectAll().where("id", "=", id),
);

const recordChangeQuery = preparedQuery((db: Kysely<DB>, groupId: string, taskId: string, now: string) =>
  db.insertInto("task_changes").values({ group_id: groupId, task_id: taskId, changed_at: now }).returning("seq"),
);

const taskSubtasksQuery = preparedQuery((db: Kysely<DB>, taskId: string) =>
  db.selectFrom("subtasks").selectAll().where("task_id", "=", taskId).orderBy("position").orderBy("created_at"),
);

const taskSharesQuery = preparedQuery((db: Kysely<DB>, taskId: string) =>
  db.selectFrom("task_shares").select(["task_id", "group_id"]).where("task_id", "=", taskId).orderBy("shared_at"),
);

/** Each of the user's groups with its newest change number: what their lists were built from. */
const userGroupsLatestQuery = preparedQuery((db: Kysely<DB>, userId: string) =>
  db
    .selectFrom("group_members as m")
    .select((eb) => [
      "m.group_id",
      eb
        .selectFrom("task_changes as c")
        .select((inner) => inner.fn.max("c.seq").as("latest"))
        .whereRef("c.group_id", "=", "m.group_id")
        .as("latest"),
    ])
    .where("m.user_id", "=", userId)
    .orderBy("m.group_id"),
);

/** Where a new task goes (above the group's lowest order) and whether its title was just added. */
const newTaskPlaceQuery = preparedQuery((db: Kysely<DB>, groupId: string, title: string, since: string) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom("tasks")
      .select((inner) => inner.fn.min("sort_order").as("lowest"))
      .where("group_id", "=", groupId)
      .as("lowest"),
    eb
      .exists(
        eb
          .selectFrom("tasks")
          .select(sql.lit(1).as("one"))
          .where("group_id", "=", groupId)
          .where("title", "=", title)
          .where("created_at", ">=", since),
      )
      .as("duplicate"),
  ]),
);

/** A new task: the columns a create may set, the rest as every new task has them. */
const insertNewTaskQuery = preparedQuery(
  (
    db: Kysely<DB>,
    id: string,
    groupId: string,
    title: string,
    deadline: string | null,
    deadlineTimeZone: string | null,
    repeatRule: string | null,
    repeatFromCompletion: 0 | 1,
    priority: TaskTable["priority"],
    category: string,
    ownerId: string,
    notes: string,
    sortOrder: number,
    createdAt: string,
    updatedAt: string,
  ) =>
    db.insertInto("tasks").values({
      id,
      group_id: groupId,
      title,
      completed: 0,
      completed_at: null,
      deadline,
      deadline_time_zone: deadlineTimeZone,
      repeat_rule: repeatRule,
      repeat_from_completion: repeatFromCompletion,
      priority,
      category,
      owner_id: ownerId,
      locked: 0,
      notes,
      sort_order: sortOrder,
      created_at: createdAt,
      updated_at: updatedAt,
    }),
);

/**
 * PostgreSQL: the groups' rows locked (in id order) and a change recorded for each, in one round
 * trip. See recordChange for why the lock.
 */
const RECORD_CHANGES_POSTGRES = `with locked as (
  select id from groups where id = any($1::text[]) order by id for no key update
)
insert into task_changes (group_id, task_id, changed_at)
select id, $2::text, $3::timestamptz from locked order by id
returning group_id, seq`;
nameStatement(RECORD_CHANGES_POSTGRES);

/** Updates compiled once per set of columns changed (a title edit, a completion…), not per request. */
const updateByColumns = new Map<string, ReturnType<typeof updateQueryFor>>();
const UPDATE_SHAPES_KEPT = 200;

function updateQueryFor(columns: readonly string[]) {
  return preparedQuery((db: Kysely<DB>, id: unknown, ...values: unknown[]) =>
    db
      .updateTable("tasks")
      .set(Object.fromEntries(columns.map((column, index) => [column, values[index]])) as Updateable<TaskTable>)
      .where("id", "=", id as string),
  );
}

const latestChangeQuery = preparedQuery((db: Kysely<DB>, groupId: string) =>
  db
    .selectFrom("task_changes")
    .select((eb) => eb.fn.max("seq").as("latest"))
    .where("group_id", "=", groupId),
);

export class TaskRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A task just created, with what every new task has (not completed, not locked). */
  async insertNew(task: TaskRecord): Promise<void> {
    await insertNewTaskQuery(this.db, ...newTaskValues(task));
  }

  /** The order above the group's lowest (null: the group has none), and whether the title was added since `since`. */
  async newTaskPlace(
    groupId: string,
    title: string,
    since: string,
  ): Promise<{ lowest: number | null; duplicate: boolean }> {
    const [row] = await newTaskPlaceQuery(this.db, groupId, title, since);
    const lowest = row?.lowest;
    return {
      lowest: lowest === null || lowest === undefined ? null : Number(lowest),
      duplicate: Boolean(row?.duplicate),
    };
  }

  /**
   * A create's reads: the caller's role in the group (share-locked on PostgreSQL until the
   * transaction ends, so a removal racing the create waits), and newTaskPlace. One round trip on
   * PostgreSQL (task-writes-postgres.ts).
   */
  async newTaskPlaceForMember(groupId: string, userId: string, title: string, since: string): Promise<NewTaskPlace> {
    if (dialectOf(this.db as Kysely<unknown>) === "postgres")
      return newTaskPlaceForMember(this.db, groupId, userId, title, since);
    const role = await new GroupRepository(this.db).memberRole(groupId, userId);
    return { role, ...(await this.newTaskPlace(groupId, title, since)) };
  }

  /**
   * A create by a member of the task's group (its owner): undefined for anyone else, nothing
   * written. The task goes on top of the group's order (`sortOrder` answers where); `duplicate`
   * says whether the title was added since `since`. Then its subtasks, its category's last use and
   * its group's change row (last, so the group's row, locked on PostgreSQL, is held only until the
   * commit just after). Without subtasks, one statement on PostgreSQL (task-writes-postgres.ts).
   */
  async createForMember(
    task: Omit<TaskRecord, "sortOrder">,
    subtasks: readonly SubtaskRecord[],
    since: string,
  ): Promise<CreatedForMember | undefined> {
    if (subtasks.length === 0 && dialectOf(this.db as Kysely<unknown>) === "postgres")
      return createTaskForMember(this.db, task, since);
    const place = await this.newTaskPlaceForMember(task.groupId, task.ownerId, task.title, since);
    if (!place.role) return undefined;
    const sortOrder = place.lowest === null ? 0 : place.lowest - 1;
    // When it was written (createdAt may be earlier: an add queued offline).
    await new CategoryRepository(this.db).markUsed(task.groupId, task.category, task.updatedAt);
    await this.insertNew({ ...task, sortOrder });
    await this.insertSubtasks(subtasks);
    const seqs = await this.recordChange([task.groupId], task.id, task.updatedAt);
    return { sortOrder, duplicate: place.duplicate, seqs };
  }

  /**
   * update, then recordChange for these groups: one round trip on PostgreSQL, where the groups'
   * rows are locked only after the task's (task-writes-postgres.ts).
   */
  async updateWithChange(
    id: string,
    changes: Partial<Omit<TaskRecord, "id">>,
    groupIds: readonly string[],
    now: string,
  ): Promise<Map<string, number>> {
    const groups = [...new Set(groupIds)].sort();
    if (groups.length > 0 && dialectOf(this.db as Kysely<unknown>) === "postgres") {
      const seqs = await updateTaskWithChange(this.db, id, taskColumns(changes), groups, now);
      if (seqs !== undefined) return seqs;
    }
    await this.update(id, changes);
    return this.recordChange(groups, id, now);
  }

  /**
   * The task with its subtasks and shares if the user may see it (the rule of findVisible), in
   * one statement.
   */
  async findVisibleWithDetails(id: string, userId: string): Promise<TaskWithDetails | undefined> {
    const row = await taskDetailRow(this.db, id, userId);
    if (row === undefined) return undefined;
    const { subtasks_json: subtasksJson, shares_json: sharesJson, ...taskRow } = row;
    const tuples = (typeof subtasksJson === "string" ? JSON.parse(subtasksJson) : subtasksJson) as SubtaskTuple[];
    return {
      task: toTask(taskRow),
      subtasks: tuples.map(([subtaskId, title, completed, position, createdAt, completedAt]) => ({
        taskId: id,
        id: subtaskId,
        title,
        completed: Number(completed) === 1,
        position: Number(position),
        createdAt: isoTimestamp(createdAt)!,
        completedAt: isoTimestamp(completedAt),
      })),
      shares: (typeof sharesJson === "string" ? JSON.parse(sharesJson) : sharesJson) as string[],
    };
  }

  /**
   * Which groups the user is a member of, each with its newest change number, as one text: it
   * changes whenever anything the user sees across their groups changes, and when they join or
   * leave a group.
   */
  async visibilityVersion(userId: string): Promise<string> {
    const rows = await userGroupsLatestQuery(this.db, userId);
    return rows.map((row) => `${row.group_id}:${row.latest ?? 0}`).join(",");
  }

  async insert(task: TaskRecord): Promise<void> {
    await this.db
      .insertInto("tasks")
      .values(taskColumns(task) as Insertable<TaskTable>)
      .execute();
  }

  async findById(id: string): Promise<TaskRecord | undefined> {
    const [row] = await taskByIdQuery(this.db, id);
    return row && toTask(row);
  }

  /**
   * The task if the user may see it: they are a member of its group, or of a group it
   * is shared with. One query, whatever the answer.
   */
  async findVisible(id: string, userId: string): Promise<TaskRecord | undefined> {
    const [row] = await visibleTaskQuery(this.db, id, userId);
    return row && toTask(row);
  }

  /** A group's own tasks and those shared with it, in the group's order. */
  async listForGroup(groupId: string): Promise<TaskRecord[]> {
    return (await groupTasksQuery(this.db, groupId)).map(toTask);
  }

  /** Every task the user sees (spec /group-tasks): in their groups, or shared with one of them. */
  async listVisibleTo(userId: string): Promise<TaskRecord[]> {
    const myGroups = this.db.selectFrom("group_members").select("group_id").where("user_id", "=", userId);
    const rows = await this.db
      .selectFrom("tasks")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("group_id", "in", myGroups),
          eb("id", "in", eb.selectFrom("task_shares").select("task_id").where("group_id", "in", myGroups)),
        ]),
      )
      .orderBy("group_id")
      .orderBy("sort_order")
      .orderBy("created_at")
      .execute();
    return rows.map(toTask);
  }

  async listOwnedBy(userId: string): Promise<TaskRecord[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .selectAll()
      .where("owner_id", "=", userId)
      .orderBy("group_id")
      .orderBy("sort_order")
      .execute();
    return rows.map(toTask);
  }

  async countOwnOfGroup(groupId: string): Promise<number> {
    const row = await this.db
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("group_id", "=", groupId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** A group's own tasks (not those shared into it: they belong to another group). */
  async listOwnOfGroup(groupId: string): Promise<TaskRecord[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .selectAll()
      .where("group_id", "=", groupId)
      .orderBy("sort_order")
      .execute();
    return rows.map(toTask);
  }

  async listByIds(ids: readonly string[]): Promise<TaskRecord[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom("tasks").selectAll().where("id", "in", ids).execute()).map(toTask);
  }

  async update(id: string, changes: Partial<Omit<TaskRecord, "id">>): Promise<void> {
    const set = taskColumns(changes);
    const columns = Object.keys(set);
    const shape = columns.join(",");
    let query = updateByColumns.get(shape);
    if (query === undefined) {
      // Past this many shapes (never in practice) the rest are built per request, as before.
      if (updateByColumns.size >= UPDATE_SHAPES_KEPT) {
        await this.db.updateTable("tasks").set(set).where("id", "=", id).execute();
        return;
      }
      query = updateQueryFor(columns);
      updateByColumns.set(shape, query);
    }
    await query(this.db, id, ...columns.map((column) => set[column as keyof typeof set]));
  }

  /**
   * Ends a task's repeat, true only for the one caller whose update did it. Of two completions
   * racing, PostgreSQL makes the second update wait for the first and then finds the rule gone
   * (SQLite runs one write at a time): the next occurrence is added exactly once.
   */
  async takeRepeat(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set({ repeat_rule: null, repeat_from_completion: 0 })
      .where("id", "=", id)
      .where("repeat_rule", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Tasks of a user who goes, from one group (leaving or removed) or from every group (account
   * deletion), stay with their groups and pass to each group's owner. Returns the ids handed
   * over, to log their change.
   */
  async handOverToGroupOwners(fromUserId: string, now: string, groupId?: string): Promise<string[]> {
    let query = this.db
      .updateTable("tasks")
      .set((eb) => ({
        owner_id: eb.selectFrom("groups").select("groups.owner_id").whereRef("groups.id", "=", "tasks.group_id"),
        updated_at: now,
      }))
      .where("owner_id", "=", fromUserId);
    if (groupId !== undefined) query = query.where("group_id", "=", groupId);
    const rows = await query.returning("id").execute();
    return rows.map((row) => row.id);
  }

  /** The group's own tasks in a category (to move them when it is deleted). */
  async idsInCategory(groupId: string, category: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .select("id")
      .where("group_id", "=", groupId)
      .where("category", "=", category)
      .execute();
    return rows.map((row) => row.id);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("tasks").where("id", "=", id).execute();
  }

  // Subtasks ---------------------------------------------------------------------------------

  async insertSubtasks(subtasks: readonly SubtaskRecord[]): Promise<void> {
    if (subtasks.length > 0)
      await this.db
        .insertInto("subtasks")
        .values(subtasks.map((subtask) => subtaskColumns(subtask) as Insertable<SubtaskTable>))
        .execute();
  }

  async subtasksOf(taskIds: readonly string[]): Promise<SubtaskRecord[]> {
    if (taskIds.length === 0) return [];
    if (taskIds.length === 1) return (await taskSubtasksQuery(this.db, taskIds[0]!)).map(toSubtask);
    const rows = await this.db
      .selectFrom("subtasks")
      .selectAll()
      .where("task_id", "in", taskIds)
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    return rows.map(toSubtask);
  }

  async findSubtask(taskId: string, subtaskId: string): Promise<SubtaskRecord | undefined> {
    const row = await this.db
      .selectFrom("subtasks")
      .selectAll()
      .where("task_id", "=", taskId)
      .where("id", "=", subtaskId)
      .executeTakeFirst();
    return row && toSubtask(row);
  }

  async nextSubtaskPosition(taskId: string): Promise<number> {
    const row = await this.db
      .selectFrom("subtasks")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("task_id", "=", taskId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  async updateSubtask(
    taskId: string,
    subtaskId: string,
    changes: Partial<Omit<SubtaskRecord, "taskId" | "id">>,
  ): Promise<void> {
    await this.db
      .updateTable("subtasks")
      .set(subtaskColumns(changes))
      .where("task_id", "=", taskId)
      .where("id", "=", subtaskId)
      .execute();
  }

  async deleteSubtask(taskId: string, subtaskId: string): Promise<void> {
    await this.db.deleteFrom("subtasks").where("task_id", "=", taskId).where("id", "=", subtaskId).execute();
  }

  // Shares -----------------------------------------------------------------------------------

  async sharesOf(taskIds: readonly string[]): Promise<TaskShare[]> {
    if (taskIds.length === 0) return [];
    if (taskIds.length === 1) return (await taskSharesQuery(this.db, taskIds[0]!)).map(toShare);
    const rows = await this.db
      .selectFrom("task_shares")
      .select(["task_id", "group_id"])
      .where("task_id", "in", taskIds)
      .orderBy("shared_at")
      .execute();
    return rows.map(toShare);
  }

  /** Where a group's own tasks are shared with other groups: those lose them when the group goes. */
  async sharesOfGroupTasks(groupId: string): Promise<TaskShare[]> {
    const rows = await this.db
      .selectFrom("task_shares")
      .innerJoin("tasks", "tasks.id", "task_shares.task_id")
      .select(["task_shares.task_id", "task_shares.group_id"])
      .where("tasks.group_id", "=", groupId)
      .execute();
    return rows.map(toShare);
  }

  /** Tasks of other groups shared with this group (they stop naming it when it goes). */
  async idsSharedInto(groupId: string): Promise<string[]> {
    const rows = await this.db.selectFrom("task_shares").select("task_id").where("group_id", "=", groupId).execute();
    return rows.map((row) => row.task_id);
  }

  /** Whether a task of `groupId` is shared with a group the user is a member of. */
  async sharesWithGroupsOf(groupId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("task_shares")
      .innerJoin("tasks", "tasks.id", "task_shares.task_id")
      .innerJoin("group_members", "group_members.group_id", "task_shares.group_id")
      .select("task_shares.task_id")
      .where("tasks.group_id", "=", groupId)
      .where("group_members.user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The members of the groups that tasks of `groupId` are shared with. */
  async membersOfGroupsSharedWith(groupId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("group_members")
      .select("user_id")
      .distinct()
      .where(
        "group_id",
        "in",
        this.db
          .selectFrom("task_shares")
          .innerJoin("tasks", "tasks.id", "task_shares.task_id")
          .select("task_shares.group_id")
          .where("tasks.group_id", "=", groupId),
      )
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** The groups whose members see this task: its own and those it is shared with. */
  async groupsSeeing(taskId: string): Promise<string[]> {
    const [task] = await taskByIdQuery(this.db, taskId);
    const shares = await taskSharesQuery(this.db, taskId);
    return [...(task ? [task.group_id] : []), ...shares.map((share) => share.group_id)];
  }

  async addShare(taskId: string, groupId: string, now: string): Promise<void> {
    await this.db
      .insertInto("task_shares")
      .values({ task_id: taskId, group_id: groupId, shared_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async removeShare(taskId: string, groupId: string): Promise<void> {
    await this.db.deleteFrom("task_shares").where("task_id", "=", taskId).where("group_id", "=", groupId).execute();
  }

  // Change log -------------------------------------------------------------------------------

  /**
   * Records that the task changed for each of these groups; returns each group's new sequence
   * number. Within a group, numbers must be handed out in the order their changes commit, or a
   * reader could see 101 while 100 is still to commit, and a client catching up "since 101" (or a
   * list remembered at 101) would never see change 100. SQLite runs one write at a time; on
   * PostgreSQL a sequence does not wait for commits, so the groups' rows are locked first (in id
   * order, so two writers never wait on each other) and held until this transaction ends.
   */
  async recordChange(groupIds: readonly string[], taskId: string, now: string): Promise<Map<string, number>> {
    const seqs = new Map<string, number>();
    const groups = [...new Set(groupIds)].sort();
    if (groups.length === 0) return seqs;
    if (dialectOf(this.db as Kysely<unknown>) === "postgres") {
      // NO KEY UPDATE: waits for other change recorders, not for writes that only reference the group.
      const { rows } = await this.db.executeQuery<{ group_id: string; seq: string | number }>(
        CompiledQuery.raw(RECORD_CHANGES_POSTGRES, [groups, taskId, now]),
      );
      for (const row of rows) seqs.set(row.group_id, Number(row.seq));
      return seqs;
    }
    for (const groupId of groups) {
      const [row] = await recordChangeQuery(this.db, groupId, taskId, now);
      seqs.set(groupId, Number(row!.seq));
    }
    return seqs;
  }

  /** Task ids changed for a group after `since`, and the newest sequence number (the client's next `since`). */
  async changesSince(groupId: string, since: number): Promise<{ taskIds: string[]; latest: number }> {
    const rows = await this.db
      .selectFrom("task_changes")
      .select(["task_id", "seq"])
      .where("group_id", "=", groupId)
      .where("seq", ">", since)
      .orderBy("seq")
      .execute();
    return {
      taskIds: [...new Set(rows.map((row) => row.task_id))],
      latest: rows.length ? Number(rows.at(-1)!.seq) : since,
    };
  }

  async latestChange(groupId: string): Promise<number> {
    const [row] = await latestChangeQuery(this.db, groupId);
    return row?.latest === null || row?.latest === undefined ? 0 : Number(row.latest);
  }
}
