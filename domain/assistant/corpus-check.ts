/** Runs a corpus case through the rules and says whether it proposed what was expected. */
import type { SuggestedAction } from "./actions.js";
import {
  CORPUS_CATEGORIES,
  CORPUS_SCENES,
  CORPUS_TASKS,
  type CorpusCase,
  type ExpectedAction,
} from "./corpus-fixtures.js";
import { proposeActions } from "./propose.js";

/** An action in the corpus's compact form, leaving out what is the default. */
function compact(action: SuggestedAction): ExpectedAction {
  switch (action.type) {
    case "complete_task":
      return { complete: action.task_id };
    case "create_task":
      return {
        create: action.title,
        ...(action.deadline ? { due: action.deadline } : {}),
        ...(action.priority !== "medium" ? { priority: action.priority } : {}),
        ...(action.category ? { category: action.category } : {}),
        ...(action.notes ? { notes: action.notes } : {}),
        ...(action.repeat ? { repeat: action.repeat.rule } : {}),
      };
    case "update_task": {
      const { type: _type, task_id, deadline, ...rest } = action;
      return { update: task_id, ...(deadline !== undefined ? { due: deadline } : {}), ...rest };
    }
  }
}

export interface CaseOutcome {
  passed: boolean;
  got: ExpectedAction[];
  asked: boolean;
  response: string;
}

export function runCase(corpusCase: CorpusCase): CaseOutcome {
  const scene = CORPUS_SCENES[corpusCase.scene ?? "berlin"];
  const proposal = proposeActions(
    corpusCase.say,
    { tasks: CORPUS_TASKS, categories: CORPUS_CATEGORIES, currentTaskId: corpusCase.currentTask ?? null },
    scene,
  );
  const got = proposal.actions.map((action) => sorted(compact(action)));
  const passed =
    JSON.stringify(got) === JSON.stringify(corpusCase.expect.map((action) => sorted(action))) &&
    proposal.asked === (corpusCase.ask ?? false);
  return { passed, got, asked: proposal.asked, response: proposal.response };
}

/** The expected action with its keys in the order compact() writes them, so the two compare as JSON. */
function sorted(action: ExpectedAction): ExpectedAction {
  const order = [
    "create",
    "complete",
    "update",
    "title",
    "due",
    "priority",
    "category",
    "notes",
    "repeat",
    "completed",
  ];
  return Object.fromEntries(
    Object.entries(action).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)),
  ) as ExpectedAction;
}
