/** The module's table, added to the database's type where the module is (docs/modules.md). */
export interface TaskEventTable {
  id: string;
  task_id: string;
  /** completed, reopened, or postponed (the deadline moved later). */
  kind: "completed" | "reopened" | "postponed";
  /** Who made the change; null once their account is gone (the event stays for the group). */
  actor_id: string | null;
  at: string;
  /** For a postponement: the deadline before and after (wall-clock, domain/tasks.ts). */
  from_deadline: string | null;
  to_deadline: string | null;
}

declare module "../../db/schema.js" {
  interface DB {
    task_events: TaskEventTable;
  }
}
