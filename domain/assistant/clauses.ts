/**
 * Cutting a message into the parts that each say one thing to do: sentences and lines, then
 * "and", "then", "also" and commas where the next words begin a task of their own.
 */
import { PAST_TENSES, TASK_VERBS } from "./words.js";

/** Politeness and "put this on my list" openings, which say a task follows but are no part of it. */
const LEAD_INS = [
  /^(?:hey|hi|hello|ok|okay|so|oh|and|also|then|plus)\b[\s,]*/i,
  /^(?:assistant|tandem)\b[\s,:]*/i,
  /^(?:please|pls|plz|kindly)\b[\s,]*/i,
  /^(?:can|could|would|will) you\s+(?:please\s+)?/i,
  /^(?:add|create|make|put|set)\s+(?:a\s+|an\s+|new\s+|another\s+)*(?:task|todo|to-do|to do|reminder|item)s?\b\s*(?:to|for|that|saying|:)?\s*/i,
  /^(?:new\s+)?(?:task|todo|to-do|to do|reminder)\s*:\s*/i,
  /^remind me\s+(?:to|that i (?:need|have) to|that i must|about(?:\s+the)?)\s+/i,
  /^(?:i|we)\s+(?:really\s+)?(?:need|have|want|ought|got)\s+to\s+/i,
  /^(?:i|we)\s+(?:must|should)\s+/i,
  /^(?:i|we)'?ve got to\s+/i,
  /^(?:don'?t|do not|dont) forget\s+(?:to\s+)?/i,
  /^remember\s+to\s+/i,
  /^(?:(?:i|we)\s+)?(?:still\s+)?(?:gotta|gonna|have to|need to)\s+/i,
];

/** The message part without its openings, and whether one said a task was meant. */
export function withoutLeadIns(text: string): { text: string; asked: boolean } {
  let rest = text.trim();
  let asked = false;
  for (let changed = true; changed;) {
    changed = false;
    const added = /^add\s+/i.exec(rest);
    if (added && VERB_START.test(rest.slice(added[0].length)) && !/^add\s+add\b/i.test(rest)) {
      rest = rest.slice(added[0].length).trim();
      asked = true;
    }
    for (const pattern of LEAD_INS) {
      const match = pattern.exec(rest);
      if (match && match[0].length > 0 && match[0].length < rest.length) {
        rest = rest.slice(match[0].length).trim();
        changed = true;
        // "hey", "please", "so" say nothing about what follows; the others ask for a task.
        if (
          !/^(?:hey|hi|hello|ok|okay|so|oh|and|also|then|plus|assistant|tandem|please|pls|plz|kindly)\b/i.test(match[0])
        )
          asked = true;
      }
    }
  }
  return { text: rest, asked };
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const VERB_START = new RegExp(
  `^(?:${[...TASK_VERBS, ...Object.keys(PAST_TENSES)]
    .sort((a, b) => b.length - a.length)
    .map(escaped)
    .join("|")})\\b`,
  "i",
);

const PAST_START = new RegExp(
  `^(?:(?:i|we)(?:'ve| have)?\\s+)?(?:just\\s+|already\\s+|finally\\s+)?(?:${Object.keys(PAST_TENSES)
    .sort((a, b) => b.length - a.length)
    .map(escaped)
    .join("|")})\\b`,
  "i",
);

/** Openings of a request to complete or change a task ("mark …", "move …", "rename …"). */
const REQUEST_START =
  /^(?:mark|move|reschedule|postpone|push|shift|rename|complete|tick off|check off|cross off|reopen|remove the deadline|clear the deadline|set the priority|change the priority|prioriti[sz]e|done with|finished with|i(?:'ve| have)? (?:done|finished|completed|just))\b/i;

/** Does this text begin something of its own: a task verb or a request, after any opening? */
export function beginsAction(text: string): boolean {
  const { text: rest, asked } = withoutLeadIns(text);
  return asked || VERB_START.test(rest) || PAST_START.test(rest) || REQUEST_START.test(rest);
}

export function startsWithTaskVerb(text: string): boolean {
  return VERB_START.test(text);
}

/** Sentences and lines; a full stop ends one only before a space and a capital or the end. */
function sentences(message: string): string[] {
  return message
    .split(/\r?\n+|;\s*|(?<=\S[.!?])\s+(?=[A-Z"“])|(?<=[\p{L}\p{N})])[.!?]+\s*$/u)
    .map((part) => part.replace(/^[-*•\d.)\s]+(?=\S)/u, "").trim())
    .filter(Boolean);
}

/** Where a sentence may be cut: ", and then", " then", " also", " and", ","; kept only before a new action. */
const JOINS =
  /\s*(?:,\s*(?:and\s+)?(?:then|also)\s+|\s+and\s+(?:then|also)\s+|\s+then\s+|,\s*and\s+|\s+and\s+|,\s*|\s+also\s+)/giu;

/** A sentence cut before each part that begins an action of its own ("… and call mom"). */
function splitSentence(sentence: string): string[] {
  const parts: string[] = [];
  let start = 0;
  JOINS.lastIndex = 0;
  for (let match = JOINS.exec(sentence); match; match = JOINS.exec(sentence)) {
    const next = sentence.slice(match.index + match[0].length);
    if (match.index > start && beginsAction(next)) {
      parts.push(sentence.slice(start, match.index));
      start = match.index + match[0].length;
    }
  }
  parts.push(sentence.slice(start));
  // A stop or "!" ending a word ends the sentence; one standing alone ("!!!") is a priority.
  return parts.map((part) => part.replace(/^[\s,]+|[\s,]+$|(?<=[\p{L}\p{N})])[.!]+$/gu, "")).filter(Boolean);
}

/** The message as the parts that each say one thing to do (or one thing about a task). */
export function clausesOf(message: string): string[] {
  return sentences(message).flatMap(splitSentence);
}
