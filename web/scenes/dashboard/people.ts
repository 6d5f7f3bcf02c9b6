import type { Group } from "../../../domain/groups";

/** Display names of everyone in the user's groups, the user as "You". */
export function memberNames(groups: readonly Group[], myId: string | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of groups) {
    for (const member of group.members) names.set(member.userId, member.displayName);
  }
  if (myId) names.set(myId, "You");
  return names;
}

/** The owner of a task shared in from a group the user is not in has no name the user may see. */
export const UNKNOWN_OWNER = "Someone outside your groups";
