import { reminderDueAt, reminderMessage } from "../../../domain/reminders.js";
import type { AppDeps } from "../../deps.js";
import { notifyUsers } from "./notifications.js";

/** A reminder missed by more than this (the server was down) is not sent late. */
const LATE_LIMIT_MS = 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Sends the deadline reminders that are due to each task's owner: once per task and
 * deadline, whatever the number of processes and restarts, because each is claimed by inserting
 * its row first (the primary key lets one insert win). A task completed or given a new deadline
 * before then is not reminded of the old one. Returns how many this process sent.
 */
export async function sendDueReminders(deps: AppDeps, now = new Date()): Promise<number> {
  const at = now.getTime();
  const lead = deps.config.reminderLeadMinutes * 60_000;
  // Deadlines are dates in their own zones: a window a day wider on each side holds every one
  // whose reminder can be due now (zones are within ±14 h of UTC).
  const candidates = await deps.repositories.reminders.listUnclaimed(
    isoDate(at - DAY_MS),
    isoDate(at + lead + 2 * DAY_MS),
  );
  let sent = 0;
  for (const task of candidates) {
    const due = reminderDueAt(task.deadline, task.deadlineTimeZone, deps.config.reminderLeadMinutes);
    if (!due || due.getTime() > at || at - due.getTime() > LATE_LIMIT_MS) continue;
    if (!(await deps.repositories.reminders.claim(task.id, task.deadline, now.toISOString()))) continue;
    const message = reminderMessage(
      { title: task.title, deadline: task.deadline, deadlineTimeZone: task.deadlineTimeZone },
      now,
      task.ownerLocale,
    );
    await notifyUsers(
      deps,
      [task.ownerId],
      {
        type: "reminder",
        ...message,
        link: `/task-detail-page?id=${encodeURIComponent(task.id)}`,
      },
      now,
    );
    sent += 1;
  }
  return sent;
}
