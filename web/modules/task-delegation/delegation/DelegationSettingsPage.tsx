import { Repeat, Settings2 } from "lucide-react";
import type { DelegationSettings } from "../../../../domain/delegation";
import type { DelegationPart } from "../../../../domain/delegation-rules";
import type { Group } from "../../../../domain/groups";
import { Section } from "../../../components/Section";
import { Switch } from "../../../components/Switch";
import { useGroups } from "../../../hooks/use-groups";
import { useOnline } from "../../../offline/use-offline";
import { decisionPaths, useDecision, useDelegationSettings } from "./api";
import { AloneNote, OfflineNote, PageFrame, PageHeader, Pending } from "./PageParts";

const PARTS: { part: DelegationPart; label: string; description: string }[] = [
  {
    part: "delegation",
    label: "Delegation",
    description: "A task’s owner asks a member to take it; they accept or decline with a note.",
  },
  {
    part: "assignment",
    label: "Assignment",
    description: "You assign tasks to any member; members take tasks themselves. Rotation belongs here too.",
  },
  {
    part: "volunteering",
    label: "Volunteering",
    description: "Tasks marked open can be claimed by anyone in the group; the first claim wins.",
  },
];

/** /task-delegation-settings: per shared group, which parts are on. The owner switches; members read. */
export default function DelegationSettingsPage() {
  const { groups, isPending } = useGroups();
  const shared = groups.filter((group) => group.members.length > 1);
  return (
    <PageFrame>
      <PageHeader title="Delegation settings">
        Each group decides how its members share tasks. The group’s owner switches these; members see what is on.
      </PageHeader>
      <OfflineNote />
      {shared.map((group) => (
        <GroupSettings key={group.id} group={group} />
      ))}
      {!isPending && shared.length === 0 && (
        <AloneNote>
          These settings are for groups with more than one member: you are the only member of yours.
        </AloneNote>
      )}
      <Section title="Rotation" description="For repeating chores, so nobody always gets the bins.">
        <div className="flex gap-3 text-sm">
          <Repeat aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <div className="space-y-2">
            <p>
              When a repeating task with a rotation is done, its next time goes to the next member: either{" "}
              <strong>in turn</strong>, in the order you chose, or to <strong>whoever did least this week</strong>{" "}
              (counting the assigned tasks each member completed since Monday).
            </p>
            <p className="text-ink-muted">Group owners set a task’s rotation on the Assignment page.</p>
          </div>
        </div>
      </Section>
    </PageFrame>
  );
}

function GroupSettings({ group }: { group: Group }) {
  const query = useDelegationSettings(group.id);
  return (
    <Section
      title={group.name}
      description={
        query.data && !query.data.canEdit
          ? "Only the group’s owner changes these."
          : "Switch a part off to hide it for everyone in the group."
      }
    >
      {query.data ? (
        <Switches settings={query.data} groupName={group.name} />
      ) : (
        <Pending query={query} what="these settings" />
      )}
    </Section>
  );
}

function Switches({ settings, groupName }: { settings: DelegationSettings; groupName: string }) {
  const online = useOnline();
  const { busy, send } = useDecision();
  return (
    <div className="space-y-5">
      {PARTS.map(({ part, label, description }) => (
        <Switch
          key={part}
          label={label}
          description={description}
          checked={settings[part]}
          disabled={!settings.canEdit || busy || !online}
          onChange={(checked) =>
            void send(
              decisionPaths.settings(settings.groupId),
              "PATCH",
              { [part]: checked },
              `${label} ${checked ? "on" : "off"} for ${groupName}`,
            )
          }
        />
      ))}
      <p className="flex items-center gap-1.5 text-xs text-ink-muted">
        <Settings2 aria-hidden="true" className="size-3.5" />
        The Delegation module itself is always on; these switches are per group.
      </p>
    </div>
  );
}
