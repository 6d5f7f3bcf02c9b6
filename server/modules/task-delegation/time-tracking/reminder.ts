import { REMINDER_AFTER_MS, TIME_MESSAGES } from "../../../../domain/time-tracking.js";
import { databaseFailure } from "../../../db/availability.js";
import type { AppDeps } from "../../../deps.js";
import { notifyUsers } from "../../../services/notifications/notifications.js";
import { TimeRepository } from "./repository.js";

/**
 * Reminds the user of each timer that has run for 8 hours, once per timer whatever the number of
 * processes and restarts (the reminder's row is claimed first; the primary key lets one insert
 * win). Goes through the notification center, so the user's settings decide where it shows.
 * Returns how many this process sent.
 */
export async function sendTimerReminders(deps: AppDeps, now = new Date()): Promise<number> {
  const time = new TimeRepository(deps.database.db);
  const due = await time.runningSinceUnreminded(new Date(now.getTime() - REMINDER_AFTER_MS).toISOString());
  let sent = 0;
  for (const entry of due) {
    if (!(await time.claimReminder(entry.id, now.toISOString()))) continue;
    await notifyUsers(
      deps,
      [entry.userId],
      {
        type: "reminder",
        title: TIME_MESSAGES.reminderTitle,
        body: TIME_MESSAGES.reminderBody(entry.taskTitle),
        link: "/time-tracking",
      },
      now,
    );
    sent += 1;
  }
  return sent;
}

/**
 * Every minute while the server runs, like the deadline reminders' sweep
 * (server/services/notifications/notification-sweep.ts), but started by this module's routes so
 * the core needs no line for it. Returns the function that stops it.
 */
export function startTimerReminderSweep(deps: AppDeps, intervalMs = 60_000): () => void {
  const sweep = () =>
    void sendTimerReminders(deps).catch(async (err: unknown) => {
      // During an outage this fails every minute: the outage is logged once, not each sweep.
      if ((await databaseFailure(deps, err)) === "unreachable") deps.outage.unreachable(err);
      else deps.log.warn({ err }, "sending timer reminders failed");
    });
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
