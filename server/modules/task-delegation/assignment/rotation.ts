import { leastDone, nextInTurn, startOfUtcWeek } from "../../../../domain/delegation-rules.js";
import type { AssignmentRepository, RotationRecord } from "./repository.js";

/**
 * Who takes a rotating chore next: in turn after the last one, or the member with the fewest
 * assigned tasks done this week (a tie goes in turn). Members who left the group are skipped by
 * the caller, which passes only those still in it.
 */
export async function pickNextAssignee(
  assignments: AssignmentRepository,
  rotation: RotationRecord,
  lastAssignee: string | null,
  now: Date,
): Promise<string | null> {
  if (rotation.mode === "turns") return nextInTurn(rotation.memberIds, lastAssignee);
  const done = await assignments.doneSince(rotation.memberIds, startOfUtcWeek(now).toISOString());
  return leastDone(rotation.memberIds, done, lastAssignee);
}
