/**
 * The assistant that needs no network and no account: a message read by rules into proposed task
 * actions (README.md in this folder says what is read and why).
 */
import { matchCategories, parseQuickAdd, type QuickAddCategory, type QuickAddResult } from "../quick-add/index.js";
import type { Priority } from "../task-rules.js";
import type { CreateTaskAction, SuggestedAction } from "./actions.js";
import type { AssistantRequest } from "./api.js";
import { clausesOf, startsWithTaskVerb, withoutLeadIns } from "./clauses.js";
import { readRequests, type TaskChange, type TaskRequest } from "./requests.js";
import { matchTasks, type MatchableTask } from "./task-match.js";
import { LIST_VERBS, PRIORITY_WORDS } from "./words.js";

export interface AssistantTask extends MatchableTask {
  category?: string;
}

export interface AssistantContext {
  tasks: readonly AssistantTask[];
  /** The group's categories as the app shows them. */
  categories: readonly { id: string; label: string }[];
  /** The task open on screen: what "it" and "this" name. */
  currentTaskId?: string | null;
}

/** What a request to the assistant sends (its `context`), as the rules read it. */
export function contextOfRequest(context: AssistantRequest["context"]): AssistantContext {
  return {
    tasks: context.tasks.map((task) => ({ id: task.id, title: task.title, completed: task.completed })),
    categories: context.categories,
    currentTaskId: context.current_task ?? null,
  };
}

export interface RuleOptions {
  now: Date;
  timeZone: string;
  locale?: string;
}

export interface Proposal {
  /** What the chat shows. */
  response: string;
  actions: SuggestedAction[];
  /** True when the reply asks which task was meant (two fit alike). */
  asked: boolean;
}

const POINTERS = /^(?:it|this|that|this one|that one|this task|that task|the task|the current task)$/i;

interface Reading {
  actions: SuggestedAction[];
  /** A question back, or a remark on what could not be done. */
  note?: { text: string; question: boolean };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quoted(text: string): string {
  return `“${text}”`;
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)!}`;
}

function deadlineOf(result: QuickAddResult): string | null {
  if (!result.deadline) return null;
  return result.deadline.time ? `${result.deadline.date}T${result.deadline.time}` : result.deadline.date;
}

function quickAddCategories(context: AssistantContext): QuickAddCategory[] {
  return context.categories.map((category) => ({ id: category.id, name: category.label }));
}

/** A category the words name ("work", "#shopping", "the garden list"), or null. */
function categoryNamed(name: string, context: AssistantContext): string | null {
  const bare = name
    .replace(/^#/, "")
    .replace(/\s+(?:list|category)$/i, "")
    .trim();
  if (!bare) return null;
  const byId = context.categories.find((category) => category.id === bare.toLowerCase());
  return byId?.id ?? matchCategories(bare, quickAddCategories(context))[0]?.id ?? null;
}

/** A date the words say and nothing else ("friday", "next week at 9am"), as a deadline. */
function dateNamed(words: string, context: AssistantContext, options: RuleOptions): string | null {
  const result = parseQuickAdd(words, { ...options, categories: quickAddCategories(context), ignore: ["notes"] });
  const deadline = deadlineOf(result);
  if (!deadline || result.recurrence) return null;
  let rest = words;
  for (const part of [...result.parts].reverse()) rest = rest.slice(0, part.start) + " " + rest.slice(part.end);
  return /^(?:\s|on|at|by|the|in|a|of|,)*$/i.test(rest) ? deadline : null;
}

/** The change as an update_task action, or null when its words do not read (no such date or category). */
function changeAction(
  taskId: string,
  change: TaskChange,
  context: AssistantContext,
  options: RuleOptions,
): SuggestedAction | null {
  switch (change.kind) {
    case "deadline": {
      const deadline = dateNamed(change.when, context, options);
      return deadline ? { type: "update_task", task_id: taskId, deadline } : null;
    }
    case "no-deadline":
      return { type: "update_task", task_id: taskId, deadline: null };
    case "priority":
      return { type: "update_task", task_id: taskId, priority: change.priority };
    case "title":
      return { type: "update_task", task_id: taskId, title: capitalised(change.title.trim()) };
    case "category": {
      const category = categoryNamed(change.name, context);
      return category ? { type: "update_task", task_id: taskId, category } : null;
    }
    case "notes":
      return { type: "update_task", task_id: taskId, notes: change.notes.trim() };
    case "reopen":
      return { type: "update_task", task_id: taskId, completed: false };
  }
}

/** The tasks a request's words name: the one on screen for "it", else by their words. */
function targetsOf(request: TaskRequest, context: AssistantContext): MatchableTask[] {
  const target = request.target.trim();
  const reopening = request.kind === "change" && request.change.kind === "reopen";
  if (POINTERS.test(target)) {
    const current = context.tasks.find((task) => task.id === context.currentTaskId);
    return current && current.completed === reopening ? [current] : [];
  }
  return matchTasks(target, context.tasks, reopening);
}

/** The clause as a request about a task the user has, or null when it is none. */
function readRequest(text: string, context: AssistantContext, options: RuleOptions): Reading | null {
  let unmatched: string | null = null;
  for (const request of readRequests(text)) {
    const targets = targetsOf(request, context);
    if (targets.length > 1) {
      const titles = targets.map((task) => quoted(task.title));
      return { actions: [], note: { text: `Which task do you mean: ${listed(titles)}?`, question: true } };
    }
    const task = targets[0];
    if (!task) {
      unmatched ??= request.target;
      continue;
    }
    if (request.kind === "complete") return { actions: [{ type: "complete_task", task_id: task.id }] };
    const action = changeAction(task.id, request.change, context, options);
    if (action) return { actions: [action] };
  }
  // A past tense ("I bought a lamp") or "mark … as done" that names no task is no new task either.
  const past = readRequests(text).some((request) => request.kind === "complete");
  if (past && unmatched !== null)
    return { actions: [], note: { text: `I couldn't find an open task like ${quoted(unmatched)}.`, question: false } };
  return null;
}

/** A priority said in words ("call the bank, urgent"), and the text without it. */
const PRIORITY_PATTERNS = PRIORITY_WORDS.map(
  ([phrase, priority]) =>
    [
      new RegExp(
        `[\\s,;:(–—-]*(?:(?:it'?s|this is|that'?s|is)\\s+)?(?:very\\s+|really\\s+|super\\s+)?\\b${phrase}\\b[\\s)!.,;:]*`,
        "i",
      ),
      priority,
    ] as const,
);

function priorityWords(text: string): { text: string; priority: Priority | null } {
  for (const [pattern, priority] of PRIORITY_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.replace(/\s+/g, " ");
      return { text: rest.trim(), priority };
    }
  }
  return { text, priority: null };
}

const CATEGORY_PHRASE =
  /\s+(?:to|on|in|into|for|under)\s+(?:the\s+|my\s+|our\s+)?([\p{L}\p{N}&' -]+?)(?:\s+(?:list|category))?$/iu;

const LIST_VERB = new RegExp(`^(${[...LIST_VERBS].sort((a, b) => b.length - a.length).join("|")})\\s+(.+)$`, "i");

/** "buy milk, eggs and bread" → one title per thing; any other title stays whole. */
function titlesOf(title: string, addedToList: boolean): string[] {
  const things = (object: string) => object.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/i).filter(Boolean);
  if (addedToList) {
    const object = title.replace(/^add\s+/i, "");
    return things(object).map(capitalised);
  }
  const match = LIST_VERB.exec(title);
  if (!match) return [capitalised(title)];
  return things(match[2]!).map((thing) => capitalised(`${match[1]!} ${thing}`));
}

/** The clause as new tasks, or null when it says nothing to do ("thanks!", "what can you do?"). */
function readNewTasks(clause: string, asked: boolean, context: AssistantContext, options: RuleOptions): Reading | null {
  const { text, priority: worded } = priorityWords(clause);
  // "in the evening" says when as "this evening" does; quick add reads only the latter.
  const said = text.replace(/\bin the (morning|afternoon|evening)\b/i, "this $1");
  const result = parseQuickAdd(said, { ...options, categories: quickAddCategories(context) });
  // A date taken from "… for friday" or "… on monday" leaves its preposition behind.
  let title = result.title
    .replace(/[\s,;:–—-]+$/u, "")
    .replace(/\s+(?:for|on|at|by|before|until|till|due|from)$/i, "")
    .trim();
  let category: string | null = result.categoryId ?? (result.categoryName ? "other" : null);
  let addedToList = false;
  if (category === null) {
    const phrase = CATEGORY_PHRASE.exec(title);
    const named = phrase && categoryNamed(phrase[1]!, context);
    if (phrase && named) {
      category = named;
      title = title.slice(0, phrase.index).trim();
      addedToList = /^add\s+/i.test(title);
    }
  }
  const understood = result.deadline !== null || result.priority !== null || worded !== null || category !== null;
  const isTask = asked || startsWithTaskVerb(title) || understood || addedToList;
  if (!isTask || !title || /\?$/.test(clause.trim())) return null;
  const deadline = deadlineOf(result);
  const priority = result.priority ?? worded ?? "medium";
  const actions = titlesOf(title, addedToList).map((each): CreateTaskAction => ({
    type: "create_task",
    title: each,
    priority,
    ...(category ? { category } : {}),
    ...(deadline ? { deadline } : {}),
    ...(result.notes ? { notes: result.notes } : {}),
    ...(result.recurrence
      ? { repeat: { rule: result.recurrence.rule, fromCompletion: result.recurrence.fromCompletion } }
      : {}),
  }));
  return { actions };
}

const HELP =
  "I can add tasks, mark them done or change them. Try “Buy milk and eggs tomorrow”, “Mark call mom as done” or “Move the report to Friday”.";

function responseOf(actions: readonly SuggestedAction[], notes: readonly string[]): string {
  const lead =
    actions.length === 0
      ? ""
      : actions.length === 1
        ? "Here is what I suggest. Approve it, edit it or leave it."
        : `Here are ${actions.length} suggestions. Approve, edit or leave each one.`;
  const text = [lead, ...notes].filter(Boolean).join(" ");
  return text || HELP;
}

/** A message read into proposed actions, in the order said, with the reply the chat shows. */
export function proposeActions(message: string, context: AssistantContext, options: RuleOptions): Proposal {
  const actions: SuggestedAction[] = [];
  const notes: string[] = [];
  let asked = false;
  for (const clause of clausesOf(message)) {
    const { text, asked: leadIn } = withoutLeadIns(clause);
    const reading = readRequest(text, context, options) ?? readNewTasks(text, leadIn, context, options);
    if (!reading) continue;
    actions.push(...reading.actions);
    if (reading.note) notes.push(reading.note.text);
    if (reading.note?.question) asked = true;
  }
  return { response: responseOf(actions, notes), actions, asked };
}

/**
 * The lines read from a photo (a note, a list, a receipt): one new task per line, whatever its
 * first word, with the dates, priorities and categories the line says.
 */
export function proposeFromLines(lines: readonly string[], context: AssistantContext, options: RuleOptions): Proposal {
  const actions = lines.flatMap((line) => readNewTasks(line.trim(), true, context, options)?.actions ?? []);
  const response =
    actions.length === 0
      ? "I could not read any tasks in the photo. Try a sharper photo, or type them."
      : `I read ${actions.length === 1 ? "one task" : `${actions.length} tasks`} in the photo. Approve, edit or leave each one.`;
  return { response, actions, asked: false };
}
