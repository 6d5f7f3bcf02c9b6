import type { AssistantRequest } from "../../../domain/assistant/api.js";
import { formatClock, formatDate, zonedNow } from "../../../domain/quick-add/civil-date.js";

/** At most this many of the user's tasks go to the model: enough to name them, not a whole archive. */
const TASKS_IN_PROMPT = 200;

/** What the model is told: its job, the user's clock, categories and open tasks, and what is on screen. */
export function systemPrompt(request: AssistantRequest, timeZone: string, now: Date): string {
  const { today, minutes } = zonedNow(now, timeZone);
  const tasks = request.context.tasks
    .filter((task) => !task.completed)
    .slice(0, TASKS_IN_PROMPT)
    .map((task) => `- ${task.id}: ${task.title}${task.deadline ? ` (due ${task.deadline})` : ""}`);
  return [
    "You help the user manage their tasks. Propose actions with the tools create_task, update_task and",
    "complete_task; never claim to have done anything: the user approves each proposal. Reply briefly.",
    `Now: ${formatDate(today)} ${formatClock(minutes)} in ${timeZone}. Deadlines are YYYY-MM-DD or YYYY-MM-DDTHH:MM in that zone.`,
    `Categories: ${request.context.categories.map((category) => category.label).join(", ") || "none"}.`,
    request.context.current_task
      ? `The task on screen (what "it" and "this" mean): ${request.context.current_task}.`
      : "",
    request.active_view ? `The user is on: ${request.active_view}.` : "",
    "Open tasks (id: title):",
    ...tasks,
  ]
    .filter(Boolean)
    .join("\n");
}
