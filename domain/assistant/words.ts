/**
 * The words the assistant's rules know (README.md in this folder says how they are used): verbs
 * that start a task, their past tenses (which say a task is done), and the words for priority.
 */
import type { Priority } from "../task-rules.js";

/** Verbs that begin something to do; a part of a message starting with one is a task of its own. */
// prettier-ignore
export const TASK_VERBS: readonly string[] = [
  "add", "apply", "arrange", "ask", "assemble", "attend", "back up", "bake", "book", "bring", "brush", "build",
  "buy", "call", "cancel", "change", "charge", "check", "clean", "clear out", "collect", "confirm", "contact",
  "cook", "cut", "declutter", "decorate", "defrost", "deliver", "deploy", "do", "donate", "draft", "drop off",
  "dust", "edit", "email", "e-mail", "empty", "feed", "fetch", "file", "fill", "fill in", "fill out", "find",
  "finish", "fix", "fold", "follow up", "get", "give", "go", "grab", "hand in", "hang", "help", "hoover", "invite",
  "iron", "learn", "look into", "mail", "make", "meet", "message", "mop", "move", "mow", "order", "organise", "organize",
  "pack", "paint", "pay", "phone", "pick up", "plan", "plant", "polish", "post", "practice", "practise", "prepare",
  "print", "purchase", "put away", "read", "recycle", "refill", "register", "remind", "renew", "repair", "replace",
  "reply", "research", "reserve", "return", "review", "ring", "rsvp", "schedule", "scrub", "sell", "send", "set up",
  "ship", "shop", "sign", "sort", "start", "study", "submit", "sweep", "take", "take out", "talk to", "tell",
  "test", "text", "thank", "throw out", "tidy", "tidy up", "trim", "unpack", "update", "upgrade", "vacuum",
  "visit", "walk", "wash", "water", "weed", "wrap", "write",
];

/** Verbs whose list of things is one task per thing: "buy milk, eggs and bread" is three. */
export const LIST_VERBS: readonly string[] = ["buy", "get", "grab", "order", "pick up", "purchase"];

/** A past tense and the verb it is of: "I called mom" says "Call mom" is done. */
// prettier-ignore
export const PAST_TENSES: Readonly<Record<string, string>> = {
  attended: "attend", baked: "bake", booked: "book", bought: "buy", brought: "bring", called: "call",
  cancelled: "cancel", canceled: "cancel", changed: "change", charged: "charge", checked: "check",
  cleaned: "clean", collected: "collect", confirmed: "confirm", cooked: "cook", did: "do", donated: "donate",
  "dropped off": "drop off", emailed: "email", "e-mailed": "email", emptied: "empty", fed: "feed",
  fetched: "fetch", filed: "file", "filled in": "fill in", "filled out": "fill out", finished: "finish",
  fixed: "fix", folded: "fold", "followed up": "follow up", got: "get", grabbed: "grab", "handed in": "hand in",
  ironed: "iron", mailed: "mail", made: "make", messaged: "message", met: "meet", mopped: "mop", mowed: "mow",
  ordered: "order", organised: "organise", organized: "organize", packed: "pack", painted: "paint", paid: "pay",
  phoned: "phone", "picked up": "pick up", planned: "plan", planted: "plant", posted: "post", prepared: "prepare",
  printed: "print", purchased: "purchase", "put away": "put away", rang: "ring", registered: "register",
  renewed: "renew", repaired: "repair", replaced: "replace", replied: "reply", reserved: "reserve",
  returned: "return", reviewed: "review", scheduled: "schedule", sent: "send", signed: "sign", sold: "sell",
  sorted: "sort", submitted: "submit", swept: "sweep", "took out": "take out", took: "take", texted: "text",
  tidied: "tidy", trimmed: "trim", updated: "update", vacuumed: "vacuum", visited: "visit", walked: "walk",
  washed: "wash", watered: "water", weeded: "weed", wrapped: "wrap", wrote: "write",
};

/**
 * Words for a priority, in a task's text ("call the bank, urgent"). Longest first, so "not urgent"
 * is read before "urgent".
 */
export const PRIORITY_WORDS: readonly (readonly [phrase: string, priority: Priority])[] = [
  ["top priority", "high"],
  ["high priority", "high"],
  ["high prio", "high"],
  ["medium priority", "medium"],
  ["normal priority", "medium"],
  ["low priority", "low"],
  ["low prio", "low"],
  ["not urgent", "low"],
  ["no rush", "low"],
  ["whenever", "low"],
  ["urgently", "high"],
  ["urgent", "high"],
  ["asap", "high"],
  ["important", "high"],
];

/** Words too common to tell tasks apart when a phrase is matched against them. */
// prettier-ignore
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "the", "my", "our", "your", "his", "her", "their", "this", "that", "these", "those", "to", "for",
  "of", "on", "in", "at", "with", "about", "and", "or", "some", "task", "todo", "thing", "stuff", "please",
]);
