/**
 * A language model's tool calls made into suggested actions, each checked as if a person had typed
 * it: arguments that do not parse or fit are dropped, a deadline that does not parse is ignored,
 * and a category name is matched exactly, then partly, else it is "other".
 */
import { isDeadline } from "../calendar.js";
import { matchCategories } from "../quick-add/index.js";
import { type SuggestedAction, suggestedActionSchema } from "./actions.js";

export interface ToolCall {
  name: string;
  arguments: string;
}

export interface ActionContext {
  /** The ids of the tasks the user has: an update or completion must name one of them. */
  taskIds: ReadonlySet<string>;
  categories: readonly { id: string; label: string }[];
}

function categoryId(name: unknown, context: ActionContext): string | undefined {
  if (typeof name !== "string" || !name.trim()) return undefined;
  const wanted = name.trim().replace(/^#/, "");
  const exact = context.categories.find(
    (category) => category.id === wanted || category.label.toLowerCase() === wanted.toLowerCase(),
  );
  if (exact) return exact.id;
  const named = context.categories.map((category) => ({ id: category.id, name: category.label }));
  return matchCategories(wanted, named)[0]?.id ?? "other";
}

function actionOf(call: ToolCall, context: ActionContext): SuggestedAction | null {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || "{}");
  } catch {
    return null;
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) return null;
  const fields: Record<string, unknown> = { ...(args as Record<string, unknown>), type: call.name };
  if (typeof fields.deadline === "string" && !isDeadline(fields.deadline)) delete fields.deadline;
  if ("category" in fields) fields.category = categoryId(fields.category, context);
  for (const [key, value] of Object.entries(fields)) if (value === undefined || value === "") delete fields[key];
  const parsed = suggestedActionSchema.safeParse(fields);
  if (!parsed.success) return null;
  const action = parsed.data;
  if (action.type !== "create_task" && !context.taskIds.has(action.task_id)) return null;
  return action;
}

/** The calls that make valid actions, in order, and how many did not. */
export function actionsFromToolCalls(
  calls: readonly ToolCall[],
  context: ActionContext,
): { actions: SuggestedAction[]; dropped: number } {
  const actions = calls.map((call) => actionOf(call, context)).filter((action) => action !== null);
  return { actions, dropped: calls.length - actions.length };
}
