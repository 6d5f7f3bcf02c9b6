import { CompiledQuery, type Kysely } from "kysely";
import { dialectOf } from "../../../db/column-types.js";
import { nameStatement } from "../../../db/named-statements.js";
import { preparedQuery } from "../../../db/prepared-query.js";
import type { DB } from "../../../db/schema.js";
import { SharedRoundTrips } from "../../../db/shared-round-trips.js";

/** Of these tasks, those with an assignee; named (server/db/named-statements.ts). */
const ASSIGNED_POSTGRES = "select task_id from task_assignments where task_id = any($1::text[])";
nameStatement(ASSIGNED_POSTGRES);

/** One task's, compiled once (server/db/prepared-query.ts). */
const assignedQuery = preparedQuery((db: Kysely<DB>, taskId: string) =>
  db.selectFrom("task_assignments").select("task_id").where("task_id", "=", taskId),
);

/**
 * Whether a task has an assignee, asked after every change to a task (task-writes.ts). On
 * PostgreSQL the questions asked while one is on its way go together in the next statement
 * (server/db/shared-round-trips.ts). SQLite answers at once, one by one.
 */
export class AssignedLookup {
  private readonly shared: SharedRoundTrips<string, boolean>;

  constructor(private readonly db: Kysely<DB>) {
    this.shared = new SharedRoundTrips(async (taskIds) => {
      const { rows } = await db.executeQuery<{ task_id: string }>(
        CompiledQuery.raw(ASSIGNED_POSTGRES, [[...new Set(taskIds)]]),
      );
      const assigned = new Set(rows.map((row) => row.task_id));
      return taskIds.map((taskId) => assigned.has(taskId));
    });
  }

  async isAssigned(taskId: string): Promise<boolean> {
    if (dialectOf(this.db as Kysely<unknown>) !== "postgres") return (await assignedQuery(this.db, taskId)).length > 0;
    return this.shared.ask(taskId);
  }
}

const lookups = new WeakMap<Kysely<DB>, AssignedLookup>();

/** The lookup of a database handle (the app's own, never a transaction's: it asks after the commit). */
export function assignedLookup(db: Kysely<DB>): AssignedLookup {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = new AssignedLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}
