import { Briefcase, House, User } from "lucide-react";
import type { GroupType } from "../../domain/groups";

const ICONS = { personal: User, family: House, team: Briefcase } as const;

export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  personal: "Personal",
  family: "Family",
  team: "Team",
};

/** The symbol of a group's kind: a person, a house, a briefcase. Decorative; say the kind in text too. */
export function GroupIcon({ type, className = "size-4" }: { type: GroupType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className} />;
}
