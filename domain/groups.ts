export const GROUP_TYPES = ["personal", "family", "team"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

export const GROUP_ROLES = ["owner", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_NAME_MAX_LENGTH = 100;

/** Spec §3: a personal group's name ends with "'s Task Manager". */
export function personalGroupName(displayName: string): string {
  return `${displayName.trim() || "My"}'s Task Manager`;
}
