import type { Kysely } from "kysely";
import { camelCased } from "../db/camel-case.js";
import type { DB } from "../db/schema.js";

export interface ReminderCandidate {
  id: string;
  title: string;
  ownerId: string;
  deadline: string;
  deadlineTimeZone: string | null;
  /** The owner's language, which decides how the reminder writes the time (domain/time-format.ts). */
  ownerLocale: string | null;
}

export class ReminderRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Open tasks whose deadline falls on one of these dates (a deadline starts with its date), and
   * whose reminder for that deadline nobody has claimed yet.
   */
  async listUnclaimed(fromDate: string, toDate: string): Promise<ReminderCandidate[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .leftJoin("profiles", "profiles.user_id", "tasks.owner_id")
      .select([
        "tasks.id",
        "tasks.title",
        "tasks.owner_id",
        "tasks.deadline as deadline",
        "tasks.deadline_time_zone",
        "profiles.locale as owner_locale",
      ])
      .where("tasks.deadline", ">=", fromDate)
      .where("tasks.deadline", "<", toDate)
      .where("tasks.completed", "=", 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("task_reminders")
              .select("task_reminders.task_id")
              .whereRef("task_reminders.task_id", "=", "tasks.id")
              .whereRef("task_reminders.deadline", "=", "tasks.deadline"),
          ),
        ),
      )
      .$narrowType<{ deadline: string }>()
      .execute();
    return rows.map(camelCased);
  }

  /** True for the one process whose claim made the row; every other one gets false. */
  async claim(taskId: string, deadline: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("task_reminders")
      .values({ task_id: taskId, deadline, claimed_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
