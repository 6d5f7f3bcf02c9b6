import type { Group } from "../../../domain/groups";
import { Avatar } from "../../components/Avatar";

/** The people in a group, faces first; names in text so nobody has to guess from initials. */
export function MemberFaces({ group }: { group: Group }) {
  const shown = group.members.slice(0, 5);
  const more = group.members.length - shown.length;
  return (
    <div className="flex items-center gap-2">
      <div className="flex -space-x-1" aria-hidden="true">
        {shown.map((member) => (
          <span key={member.userId} className="rounded-full ring-2 ring-surface">
            <Avatar name={member.displayName} url={member.avatarUrl} size="sm" />
          </span>
        ))}
        {more > 0 && (
          <span className="grid size-7 place-items-center rounded-full bg-surface-muted text-xs font-semibold ring-2 ring-surface">
            +{more}
          </span>
        )}
      </div>
      <p className="min-w-0 text-sm text-ink-muted">{group.members.map((member) => member.displayName).join(", ")}</p>
    </div>
  );
}
