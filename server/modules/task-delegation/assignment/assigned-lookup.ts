import { CompiledQuery, type Kysely } from "kysely";
import { dialectOf } from "../../../db/column-types.js";
import { nameStatement } from "../../../db/named-statements.js";
import { preparedQuery } from "../../../db/prepared-query.js";
import type { DB } from "../../../db/schema.js";

/** Of these tasks, those with an assignee; named (server/db/named-statements.ts). */
const ASSIGNED_POSTGRES = "select task_id from task_assignments where task_id = any($1::text[])";
nameStatement(ASSIGNED_POSTGRES);

/** One task's, compiled once (server/db/prepared-query.ts). */
const assignedQuery = preparedQuery((db: Kysely<DB>, taskId: string) =>
  db.selectFrom("task_assignments").select("task_id").where("task_id", "=", taskId),
);

interface Asker {
  resolve(assigned: boolean): void;
  reject(error: unknown): void;
}

/**
 * Whether a task has an assignee, asked after every change to a task (task-writes.ts). On
 * PostgreSQL each statement is a round trip that costs the process about as much CPU as a step of
 * the task write itself, so the questions asked while one is on its way go together in the next,
 * in one statement: under load, many writes share it. SQLite answers at once, one by one.
 */
export class AssignedLookup {
  private queued = new Map<string, Asker[]>();
  private sending = false;

  constructor(private readonly db: Kysely<DB>) {}

  async isAssigned(taskId: string): Promise<boolean> {
    if (dialectOf(this.db as Kysely<unknown>) !== "postgres") return (await assignedQuery(this.db, taskId)).length > 0;
    return new Promise<boolean>((resolve, reject) => {
      const waiting = this.queued.get(taskId) ?? [];
      waiting.push({ resolve, reject });
      this.queued.set(taskId, waiting);
      if (!this.sending) void this.sendQueued();
    });
  }

  private async sendQueued(): Promise<void> {
    this.sending = true;
    while (this.queued.size > 0) {
      const asked = this.queued;
      this.queued = new Map();
      try {
        const { rows } = await this.db.executeQuery<{ task_id: string }>(
          CompiledQuery.raw(ASSIGNED_POSTGRES, [[...asked.keys()]]),
        );
        const assigned = new Set(rows.map((row) => row.task_id));
        for (const [taskId, askers] of asked) for (const asker of askers) asker.resolve(assigned.has(taskId));
      } catch (error) {
        // Each asker fails as its own query would have (the hook's failure is logged, task-write-hooks.ts).
        for (const askers of asked.values()) for (const asker of askers) asker.reject(error);
      }
    }
    this.sending = false;
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
