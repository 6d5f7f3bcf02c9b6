/**
 * Time tracking's tables, added to the database's type where the module is (docs/modules.md).
 * Read by the task-analysis module too (time per category, estimate accuracy).
 */
export interface TimeEntryTable {
  id: string;
  user_id: string;
  task_id: string;
  /** ISO instants. A running timer has no end; the database allows one per user. */
  started_at: string;
  ended_at: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** The time a task is expected to take, in minutes; one per task. */
export interface TaskEstimateTable {
  task_id: string;
  minutes: number;
  updated_by: string;
  updated_at: string;
}

/** The 8-hour reminder of a running timer, claimed once (migration 0019). */
export interface TimeEntryReminderTable {
  entry_id: string;
  sent_at: string;
}

declare module "../../../db/schema.js" {
  interface DB {
    time_entries: TimeEntryTable;
    task_estimates: TaskEstimateTable;
    time_entry_reminders: TimeEntryReminderTable;
  }
}
