/**
 * Requests about a task the user already has: that it is done, or a change to it. Each pattern
 * names the task in words (`target`), which task-match.ts resolves; what is asked of it follows.
 */
import type { Priority } from "../task-rules.js";
import { PAST_TENSES, PRIORITY_WORDS } from "./words.js";

export type TaskChange =
  | { kind: "deadline"; when: string }
  | { kind: "no-deadline" }
  | { kind: "priority"; priority: Priority }
  | { kind: "title"; title: string }
  | { kind: "category"; name: string }
  | { kind: "notes"; notes: string }
  | { kind: "reopen" };

export type TaskRequest =
  { kind: "complete"; target: string; verb?: string } | { kind: "change"; target: string; change: TaskChange };

const DONE_WORDS = "done|complete|completed|finished|sorted|taken care of|dealt with|ticked off|checked off";
const NOT_DONE_WORDS = "not done|undone|incomplete|open|not finished|to do";

function priorityOf(words: string): Priority | null {
  const said = words.toLowerCase().trim();
  if (said === "high") return "high";
  if (said === "medium" || said === "normal") return "medium";
  if (said === "low") return "low";
  return PRIORITY_WORDS.find(([phrase]) => said === phrase)?.[1] ?? null;
}

const PRIORITY_PHRASE = PRIORITY_WORDS.map(([phrase]) => phrase).join("|");

const PAST_TENSE_START = new RegExp(
  `^(?:(?:i|we)(?:'ve| have)?\\s+)?(?:just\\s+|already\\s+|finally\\s+)?(${Object.keys(PAST_TENSES)
    .sort((a, b) => b.length - a.length)
    .join("|")})\\s+(.+)$`,
  "i",
);

type Reader = (text: string) => TaskRequest | null;

const READERS: Reader[] = [
  // "mark the report as not done", "reopen pay rent", "pay rent isn't done"
  (text) => {
    const match =
      new RegExp(`^(?:mark|set)\\s+(.+?)\\s+(?:as\\s+)?(?:${NOT_DONE_WORDS})$`, "i").exec(text) ??
      /^(?:reopen|re-open|uncomplete|undo|unmark|untick)\s+(.+)$/i.exec(text) ??
      /^(.+?)\s+(?:isn'?t|is not|wasn'?t|was not)\s+(?:really\s+)?(?:done|finished|complete)(?:\s+yet)?$/i.exec(text);
    return match ? { kind: "change", target: match[1]!, change: { kind: "reopen" } } : null;
  },
  // "mark the report as done", "tick off milk", "done with the laundry", "the bins are done"
  (text) => {
    const match =
      new RegExp(`^(?:mark|set|flag)\\s+(.+?)\\s+(?:as\\s+)?(?:${DONE_WORDS})$`, "i").exec(text) ??
      /^(?:complete|tick off|check off|cross off|close)\s+(.+)$/i.exec(text) ??
      /^(?:i(?:'ve|'m| have| am)?\s+|we(?:'ve|'re| have| are)?\s+)?(?:just\s+|finally\s+|already\s+)?(?:done with|finished with|completed|finished|done)\s+(.+)$/i.exec(
        text,
      ) ??
      new RegExp(
        `^(.+?)(?:\\s+(?:is|are|was|were|has been|have been)|'s)\\s+(?:now\\s+|all\\s+)?(?:${DONE_WORDS})$`,
        "i",
      ).exec(text);
    return match ? { kind: "complete", target: match[1]! } : null;
  },
  // "I called mom", "just bought the milk": the past tense of the task's verb
  (text) => {
    const match = PAST_TENSE_START.exec(text);
    if (!match) return null;
    const verb = PAST_TENSES[match[1]!.toLowerCase()]!;
    return { kind: "complete", target: `${verb} ${match[2]!}`, verb };
  },
  // "remove the deadline from the report"
  (text) => {
    const match =
      /^(?:remove|clear|delete|drop)\s+(?:the\s+)?(?:deadline|due date|date)\s+(?:of|from|for|on)\s+(.+)$/i.exec(text);
    return match ? { kind: "change", target: match[1]!, change: { kind: "no-deadline" } } : null;
  },
  // "set the priority of the report to high", "make the report urgent", "the report is urgent"
  (text) => {
    const match =
      /^(?:set|change|make)\s+(?:the\s+)?priority\s+(?:of|for|on)\s+(.+?)\s+(?:to\s+)?(high|medium|normal|low|urgent)$/i.exec(
        text,
      ) ??
      new RegExp(
        `^(?:make|mark|set|flag)\\s+(.+?)\\s+(?:as\\s+)?(?:a\\s+)?(high|medium|normal|low|${PRIORITY_PHRASE})(?:\\s+priority)?$`,
        "i",
      ).exec(text) ??
      new RegExp(`^(.+?)\\s+(?:is|are)\\s+(?:now\\s+)?(?:a\\s+)?(${PRIORITY_PHRASE})$`, "i").exec(text);
    const priority = match && priorityOf(match[2]!);
    if (match && priority) return { kind: "change", target: match[1]!, change: { kind: "priority", priority } };
    const first = /^(?:prioriti[sz]e)\s+(.+)$/i.exec(text);
    return first ? { kind: "change", target: first[1]!, change: { kind: "priority", priority: "high" } } : null;
  },
  // "rename the report to Q1 report", "change the title of X to Y"
  (text) => {
    const match =
      /^rename\s+(.+?)\s+(?:to|as|into)\s+(.+)$/i.exec(text) ??
      /^(?:change|set)\s+(?:the\s+)?(?:title|name)\s+(?:of|for)\s+(.+?)\s+to\s+(.+)$/i.exec(text);
    return match
      ? { kind: "change", target: match[1]!, change: { kind: "title", title: match[2]!.replace(/^["“]|["”]$/g, "") } }
      : null;
  },
  // "add a note to the report: ask Tom", "note for the dentist: bring the card"
  (text) => {
    const match =
      /^(?:add|put|write)\s+(?:a\s+|the\s+)?notes?\s+(?:to|on|for)\s+(.+?)\s*:\s*(.+)$/i.exec(text) ??
      /^notes?\s+(?:for|on|to)\s+(.+?)\s*:\s*(.+)$/i.exec(text);
    return match ? { kind: "change", target: match[1]!, change: { kind: "notes", notes: match[2]! } } : null;
  },
  // "move the report to friday", "push the dentist to next week", "the report is due monday"
  (text) => {
    const match =
      /^(?:move|reschedule|postpone|push|shift|put off|delay|change|set)\s+(?:the\s+)?(?:deadline\s+(?:of|for)\s+|due date\s+(?:of|for)\s+)?(.+?)\s+(?:to|until|till|for|back to|out to)\s+(.+)$/i.exec(
        text,
      ) ??
      /^(.+?)\s+(?:is|are)\s+(?:now\s+)?due\s+(?:on\s+|by\s+)?(.+)$/i.exec(text) ??
      /^(?:move|reschedule|postpone|push|shift)\s+(.+?)\s+((?:next|this)\s+\S+|tomorrow|today|tonight|(?:on\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)$/i.exec(
        text,
      );
    return match ? { kind: "change", target: match[1]!, change: { kind: "deadline", when: match[2]! } } : null;
  },
  // "put the report in work", "move milk to #shopping": read as a category only if one fits
  (text) => {
    const match =
      /^(?:put|move|file)\s+(.+?)\s+(?:in|into|under|to|on)\s+(?:the\s+|my\s+)?(#?.+?)(?:\s+(?:category|list))?$/i.exec(
        text,
      );
    return match ? { kind: "change", target: match[1]!, change: { kind: "category", name: match[2]! } } : null;
  },
];

/**
 * Every reading of the text as a request about a task, most specific first; the caller takes
 * the first whose target names a task (and whose date or category reads).
 */
export function readRequests(text: string): TaskRequest[] {
  return READERS.map((read) => read(text)).filter((request): request is TaskRequest => request !== null);
}
