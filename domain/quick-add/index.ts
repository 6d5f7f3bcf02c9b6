/** Quick add: reading one typed line into a task's fields, and a pasted list into lines. */
export { matchCategories } from "./category.js";
export { parseQuickAdd } from "./parse-quick-add.js";
export { splitPastedLines } from "./paste.js";
export type {
  PartKind,
  QuickAddCategory,
  QuickAddDeadline,
  QuickAddOptions,
  QuickAddPart,
  QuickAddRecurrence,
  QuickAddResult,
  Span,
} from "./types.js";
