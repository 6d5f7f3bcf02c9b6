import { CompiledQuery, type Kysely } from "kysely";
import type { GroupRole } from "../../domain/groups.js";
import type { DB, TaskTable } from "../db/schema.js";
import { nameStatement } from "../db/named-statements.js";
import { ChangeNumbers } from "./change-numbers.js";

/**
 * PostgreSQL's task writes in as few round trips as their steps allow: each round trip costs the
 * server's process about as much CPU as SQLite's whole statement, and a write in a group waits
 * for the group row's lock of the one before it. Every statement is named (planned once per
 * connection). The groups' rows are locked in id order, as recordChange does, and only by the
 * last statement before the commit, so a lock is held for one round trip.
 */

/**
 * The change rows of a statement's `changed` step, each with its group's member ids, read in the
 * write's transaction with the group's row locked. A member who joins in the moment between this
 * statement and the commit is not told of this change: the list they load on joining is read
 * after their join, and a later change of the group brings theirs up to date.
 */
const WITH_MEMBERS = `select group_id, seq, array(select user_id from group_members where group_id = changed.group_id) as members
from changed`;

/**
 * A create's reads in one: the caller's membership (its row share-locked, so a removal racing the
 * create waits and then hands the new task over with the others), the group's lowest order and a
 * recent task of the same title.
 */
const NEW_TASK_PLACE = `with member as (
  select role from group_members where group_id = $1 and user_id = $2 for share
)
select (select role from member) as role,
  (select min(sort_order) from tasks where group_id = $1) as lowest,
  exists (select 1 from tasks where group_id = $1 and title = $3 and created_at >= $4) as duplicate`;
nameStatement(NEW_TASK_PLACE);

export interface NewTaskPlace {
  /** The caller's role in the group; undefined for a non-member. */
  role: GroupRole | undefined;
  lowest: number | null;
  duplicate: boolean;
}

export async function newTaskPlaceForMember(
  db: Kysely<DB>,
  groupId: string,
  userId: string,
  title: string,
  since: string,
): Promise<NewTaskPlace> {
  const { rows } = await db.executeQuery<{
    role: GroupRole | null;
    lowest: number | string | null;
    duplicate: boolean;
  }>(CompiledQuery.raw(NEW_TASK_PLACE, [groupId, userId, title, since]));
  const row = rows[0]!;
  return {
    role: row.role ?? undefined,
    lowest: row.lowest === null ? null : Number(row.lowest),
    duplicate: row.duplicate,
  };
}

/**
 * A whole create (without subtasks) in one statement: the caller's membership (its row
 * share-locked, so a removal racing the create waits and then hands the new task over with the
 * others), the group's lowest order and a recent task of the same title; then, for a member only,
 * the task on top of the group's order, its category's last use and its group's change row (the
 * group's row locked last), with the group's members (whom the change is announced to). For a
 * non-member it writes nothing and answers a row without a role.
 */
const CREATE_FOR_MEMBER = `with member as (
  select role from group_members where group_id = $2 and user_id = $10 for share
), place as (
  select coalesce((select min(sort_order) from tasks where group_id = $2) - 1, 0) as sort_order,
    exists (select 1 from tasks where group_id = $2 and title = $3 and created_at >= $13) as duplicate
), inserted as (
  insert into tasks (id, group_id, title, completed, completed_at, deadline, deadline_time_zone, repeat_rule,
    repeat_from_completion, priority, category, owner_id, locked, notes, sort_order, created_at, updated_at)
  select $1, $2, $3, 0, null, $4, $5, $6, $7, $8, $9, $10, 0, $11, place.sort_order, $12, $14
  from place where exists (select 1 from member)
  returning id
), used as (
  update categories set last_used = $14 where group_id = $2 and id = $9 and exists (select 1 from inserted)
), locked as (
  select id from groups where id = $2 and exists (select 1 from inserted) for no key update
), changed as (
  insert into task_changes (group_id, task_id, changed_at)
  select id, $1, $14 from locked
  returning group_id, seq
)
select (select role from member) as role, place.sort_order, place.duplicate, changed.group_id, changed.seq,
  array(select user_id from group_members where group_id = changed.group_id) as members
from place left join changed on true`;
nameStatement(CREATE_FOR_MEMBER);

/** What a create by a member wrote: the task's place in the order, the title check and the change numbers. */
export interface CreatedForMember {
  sortOrder: number;
  duplicate: boolean;
  /** A ChangeNumbers with the group's members where the statement read them. */
  seqs: Map<string, number>;
}

/**
 * Undefined for a non-member (nothing written). Throws the primary key's unique violation for an
 * id already taken, as a plain insert does.
 */
export async function createTaskForMember(
  db: Kysely<DB>,
  task: Omit<NewTaskColumns, "sortOrder">,
  since: string,
): Promise<CreatedForMember | undefined> {
  const { rows } = await db.executeQuery<{
    role: GroupRole | null;
    sort_order: number | string;
    duplicate: boolean;
    group_id: string | null;
    seq: string | number | null;
    members: string[];
  }>(CompiledQuery.raw(CREATE_FOR_MEMBER, [...ownFields(task), task.createdAt, since, task.updatedAt]));
  const row = rows[0]!;
  if (row.role === null) return undefined;
  const seqs = new ChangeNumbers();
  if (row.group_id !== null) {
    seqs.set(row.group_id, Number(row.seq));
    seqs.members.set(row.group_id, row.members);
  }
  return { sortOrder: Number(row.sort_order), duplicate: row.duplicate, seqs };
}

export interface NewTaskColumns {
  id: string;
  groupId: string;
  title: string;
  deadline: string | null;
  deadlineTimeZone: string | null;
  repeatRule: string | null;
  repeatFromCompletion: boolean;
  priority: TaskTable["priority"];
  category: string;
  ownerId: string;
  notes: string;
  sortOrder: number;
  /** When it was added: earlier than updatedAt for an add queued offline. */
  createdAt: string;
  /** When it was written: the category's last use and the change row too. */
  updatedAt: string;
}

/** What a new task is given, $1 to $11 of both insert statements (here and task-repository.ts). */
function ownFields(task: Omit<NewTaskColumns, "sortOrder">) {
  return [
    task.id,
    task.groupId,
    task.title,
    task.deadline,
    task.deadlineTimeZone,
    task.repeatRule,
    task.repeatFromCompletion ? 1 : 0,
    task.priority,
    task.category,
    task.ownerId,
    task.notes,
  ] as const;
}

/** A new task's values in the order the insert statement of task-repository.ts takes them. */
export function newTaskValues(task: NewTaskColumns) {
  return [...ownFields(task), task.sortOrder, task.createdAt, task.updatedAt] as const;
}

/** Update statements by the set of columns changed (a title edit, a completion…), as texts. */
const updateTexts = new Map<string, string>();
const UPDATE_SHAPES_KEPT = 200;

/**
 * The update of a task's columns and the change rows of the groups that see it. The groups are
 * locked only once the task's row is updated (the `exists` on the update's result), so every
 * writer takes the task's row lock before the groups' locks, as when they were two statements.
 * Undefined past the shapes kept (never in practice): the caller then runs the two statements.
 */
export async function updateTaskWithChange(
  db: Kysely<DB>,
  id: string,
  set: Readonly<Record<string, unknown>>,
  groupIds: readonly string[],
  now: string,
): Promise<ChangeNumbers | undefined> {
  const columns = Object.keys(set);
  const shape = columns.join(",");
  let text = updateTexts.get(shape);
  if (text === undefined) {
    if (updateTexts.size >= UPDATE_SHAPES_KEPT) return undefined;
    text = updateText(columns);
    updateTexts.set(shape, text);
    nameStatement(text);
  }
  const { rows } = await db.executeQuery<ChangeRow>(
    CompiledQuery.raw(text, [id, groupIds, now, ...columns.map((column) => set[column])]),
  );
  return seqsOf(rows);
}

function updateText(columns: readonly string[]): string {
  // Column names come from taskColumns (our own snake_case names), never from a request.
  const assignments = columns.map((column, index) => `"${column}" = $${index + 4}`).join(", ");
  return `with updated as (
  update tasks set ${assignments} where id = $1 returning id
), locked as (
  select id from groups where id = any($2::text[]) and exists (select 1 from updated) order by id for no key update
), changed as (
  insert into task_changes (group_id, task_id, changed_at)
  select id, $1, $3::timestamptz from locked order by id
  returning group_id, seq
)
${WITH_MEMBERS}`;
}

interface ChangeRow {
  group_id: string;
  seq: string | number;
  members: string[];
}

function seqsOf(rows: readonly ChangeRow[]): ChangeNumbers {
  const seqs = new ChangeNumbers();
  for (const row of rows) {
    seqs.set(row.group_id, Number(row.seq));
    seqs.members.set(row.group_id, row.members);
  }
  return seqs;
}
