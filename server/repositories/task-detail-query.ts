import { CompiledQuery, type Kysely, type Selectable } from "kysely";
import type { DB, TaskTable } from "../db/schema.js";
import { dialectOf } from "../db/column-types.js";
import { nameStatement } from "../db/named-statements.js";

/**
 * Opening a task: the visibility check, the task, its subtasks and the groups it is shared with,
 * in one statement (three before). Written by hand per dialect, as the JSON aggregates differ, and
 * handed to the driver as it is: no query building per request, a prepared statement on SQLite
 * (statement-cache.ts) and a named one on PostgreSQL (named-statements.ts).
 *
 * Visible means: the user is a member of the task's group, or of a group it is shared with (the
 * same rule as TaskRepository.findVisible).
 */
const SQLITE = `select t.*,
  (select json_group_array(json_array(s.id, s.title, s.completed, s.position, s.created_at, s.completed_at)
     order by s.position, s.created_at) from subtasks s where s.task_id = t.id) as subtasks_json,
  (select json_group_array(x.group_id order by x.shared_at) from task_shares x where x.task_id = t.id) as shares_json
from tasks t
where t.id = ? and (
  exists (select 1 from group_members m where m.group_id = t.group_id and m.user_id = ?)
  or exists (select 1 from task_shares x join group_members m on m.group_id = x.group_id
             where x.task_id = t.id and m.user_id = ?))`;

const POSTGRES = `select t.*,
  (select coalesce(json_agg(json_build_array(s.id, s.title, s.completed, s.position, s.created_at, s.completed_at)
     order by s.position, s.created_at), '[]') from subtasks s where s.task_id = t.id) as subtasks_json,
  (select coalesce(json_agg(x.group_id order by x.shared_at), '[]') from task_shares x where x.task_id = t.id) as shares_json
from tasks t
where t.id = $1 and (
  exists (select 1 from group_members m where m.group_id = t.group_id and m.user_id = $2)
  or exists (select 1 from task_shares x join group_members m on m.group_id = x.group_id
             where x.task_id = t.id and m.user_id = $2))`;

nameStatement(POSTGRES);

/** A subtask as the aggregate lists it: id, title, completed, position, created_at, completed_at. */
export type SubtaskTuple = [string, string, number, number, string, string | null];

export interface TaskDetailRow extends Selectable<TaskTable> {
  /** SQLite answers the aggregates as JSON text, PostgreSQL as parsed values. */
  subtasks_json: string | SubtaskTuple[];
  shares_json: string | string[];
}

export async function taskDetailRow(db: Kysely<DB>, id: string, userId: string): Promise<TaskDetailRow | undefined> {
  const postgres = dialectOf(db as Kysely<unknown>) === "postgres";
  const query = postgres ? CompiledQuery.raw(POSTGRES, [id, userId]) : CompiledQuery.raw(SQLITE, [id, userId, userId]);
  const { rows } = await db.executeQuery<TaskDetailRow>(query);
  return rows[0];
}

/**
 * PostgreSQL writes a timestamptz inside JSON in its own form (2026-11-27T13:29:27.123+00:00);
 * the API sends them as JavaScript writes them (…27.123Z), as the type parser does for columns.
 */
export function isoTimestamp(value: string | null): string | null {
  return value === null || value.endsWith("Z") ? value : new Date(value).toISOString();
}
