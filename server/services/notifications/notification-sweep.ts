import { databaseFailure } from "../../db/availability.js";
import type { AppDeps } from "../../deps.js";
import { sendDueNotifications } from "./notifications.js";
import { sendDueReminders } from "./reminders.js";

/**
 * Every minute while the server runs: deadline reminders that are due, and what quiet hours held
 * back. Returns the function that stops it.
 */
export function startNotificationSweep(deps: AppDeps, intervalMs = 60_000): () => void {
  const sweep = () =>
    void sendDueReminders(deps)
      .then(() => sendDueNotifications(deps))
      .catch(async (err: unknown) => {
        // During an outage this fails every minute: the outage is logged once, not each sweep.
        if ((await databaseFailure(deps, err)) === "unreachable") deps.outage.unreachable(err);
        else deps.log.warn({ err }, "sending due reminders and held notifications failed");
      });
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
