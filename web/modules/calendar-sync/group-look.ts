import type { Task } from "../../../domain/tasks";

/** A group's marker on the calendar: its name and a colour told apart from its neighbours'. */
export interface GroupLook {
  name: string;
  /** A Tailwind background class. */
  color: string;
}

// Groups have no colour of their own: each gets one by its place in the user's list, which the
// user sees in the same order everywhere, so a group keeps its colour from visit to visit.
const GROUP_COLORS = [
  "bg-sky-500",
  "bg-violet-500",
  "bg-emerald-500",
  "bg-amber-500",
  "bg-rose-500",
  "bg-teal-500",
  "bg-fuchsia-500",
  "bg-lime-500",
] as const;

export const UNKNOWN_GROUP_COLOR = "bg-gray-400";

export function groupLooks(groups: readonly { id: string; name: string }[]): Map<string, GroupLook> {
  return new Map(
    groups.map((group, index) => [group.id, { name: group.name, color: GROUP_COLORS[index % GROUP_COLORS.length]! }]),
  );
}

/** The task's own group, or the first of the user's groups it is shared with. */
export function lookOf(task: Pick<Task, "groupId" | "sharedWithGroups">, looks: Map<string, GroupLook>) {
  return looks.get(task.groupId) ?? task.sharedWithGroups.map((id) => looks.get(id)).find(Boolean);
}
