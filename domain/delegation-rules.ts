/**
 * Delegation, assignment, volunteering and rotation (module task-delegation, docs/delegation.md):
 * the rules and messages both sides need, free of zod (domain/delegation.ts has the API's schemas).
 */
export const ASSIGNMENT_HOWS = ["assignment", "delegation", "volunteer", "rotation"] as const;
export type AssignmentHow = (typeof ASSIGNMENT_HOWS)[number];

export const DELEGATION_STATUSES = ["pending", "accepted", "declined", "revoked"] as const;
export type DelegationStatus = (typeof DELEGATION_STATUSES)[number];

export const ROTATION_MODES = ["turns", "least-done"] as const;
export type RotationMode = (typeof ROTATION_MODES)[number];

/** The three parts a group owner switches per group (/task-delegation-settings). */
export const DELEGATION_PARTS = ["delegation", "assignment", "volunteering"] as const;
export type DelegationPart = (typeof DELEGATION_PARTS)[number];

export const DELEGATION_NOTE_MAX_LENGTH = 500;

export const DELEGATION_MESSAGES = {
  notMember: "Only members of the task's own group can take it",
  memberNotFound: "That person is not a member of this task's group",
  delegationNotFound: "Delegation request not found",
  onlyOwnerDelegates: "Only the task's owner can ask someone else to take it",
  onlyGroupOwnerAssigns: "Only the group's owner can assign tasks to other members; you can assign a task to yourself",
  onlyAssigneeOrOwnerUnassigns: "Only the group's owner or the person it is assigned to can unassign a task",
  onlyOwnerOpens: "Only the task's owner or the group's owner can open a task for volunteers",
  onlyGroupOwnerRotates: "Only the group's owner can set a rotation",
  onlyGroupOwnerSettings: "Only the group's owner can change these settings",
  onlyAddresseeAnswers: "Only the person who was asked can answer this request",
  onlyAskerRevokes: "Only the person who asked can revoke this request",
  notYourself: "You own this task already: assign it to yourself instead",
  alreadyPending: "This task already has a pending request. Revoke it first.",
  notPending: "This request was already answered or revoked",
  notOpen: "This task is not open for volunteers",
  notYourClaim: "You have not claimed this task",
  completed: "This task is already completed",
  rotationNeedsRepeat: "Rotation is for repeating tasks: set the task to repeat first",
  rotationMembers: "Choose at least one member of the task's group, each once",
  partOff: {
    delegation: "Delegation is switched off for this group",
    assignment: "Assignment is switched off for this group",
    volunteering: "Volunteering is switched off for this group",
  } satisfies Record<DelegationPart, string>,
  claimedBy: (name: string) => `Already claimed by ${name}`,
  offline: "You are offline. Who does what is decided together, so this needs a connection.",
  failed: "Could not save that. Please try again.",
  loadFailed: "Failed to load. Please try again later.",
} as const;

/** In turn: the member after the last assignee in the order (the first when there was none). */
export function nextInTurn(order: readonly string[], lastAssignee: string | null): string | null {
  if (order.length === 0) return null;
  const at = lastAssignee ? order.indexOf(lastAssignee) : -1;
  return order[(at + 1) % order.length]!;
}

/**
 * Fairest: the member with the fewest tasks done this week; a tie goes to the one after the last
 * assignee in the order, so two members at zero still take turns.
 */
export function leastDone(
  order: readonly string[],
  doneThisWeek: ReadonlyMap<string, number>,
  lastAssignee: string | null,
): string | null {
  if (order.length === 0) return null;
  const start = lastAssignee ? order.indexOf(lastAssignee) + 1 : 0;
  const inTurn = order.map((_, index) => order[(start + index) % order.length]!);
  let best = inTurn[0]!;
  for (const userId of inTurn) if ((doneThisWeek.get(userId) ?? 0) < (doneThisWeek.get(best) ?? 0)) best = userId;
  return best;
}

/** Monday 00:00 UTC of the week the instant is in: where "this week" starts for least-done. */
export function startOfUtcWeek(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day;
}
