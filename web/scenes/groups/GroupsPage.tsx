import { ArrowRight, Settings2 } from "lucide-react";
import { Link } from "react-router";
import type { Group } from "../../../domain/groups";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass } from "../../components/form";
import { GROUP_TYPE_LABELS, GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { useCurrentGroup, useInvitations } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import { GroupBadges } from "../../modules/slots";
import { useOnline } from "../../offline/use-offline";
import { CreateGroupForm } from "./CreateGroupForm";
import { ReceivedInvitationItem } from "./InvitationParts";
import { MemberFaces } from "./MemberFaces";
import { linkClass, PageHeader } from "./PageHeader";

const HUBS = [
  { path: "/family-organization", type: "family", label: "Organizing a family" },
  { path: "/business-organization", type: "team", label: "Organizing a team" },
  { path: "/personal-organization", type: "personal", label: "Organizing yourself" },
] as const;

export default function GroupsPage() {
  const { current, groups, isPending, isError, retry } = useCurrentGroup();
  const online = useOnline();
  const invitations = useInvitations();
  const waiting = invitations.data?.received.filter((invitation) => invitation.status === "pending") ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title="Groups">
        Every task belongs to a group. Your personal group is yours alone; family and team groups are shared with the
        people you invite, and everyone in them sees the same tasks, live.
      </PageHeader>

      {waiting.length > 0 && (
        <Section
          title="Invitations for you"
          description={
            <>
              Accept to join the group and see its tasks.{" "}
              <Link to="/invitations" className={linkClass}>
                All invitations
              </Link>
            </>
          }
        >
          <ul className="divide-y divide-line">
            {waiting.map((invitation) => (
              <ReceivedInvitationItem key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </Section>
      )}

      <Section title="Your groups" description="The group shown in the header is the one your tasks open in.">
        {isPending && online && <p role="status">Loading your groups…</p>}
        {(isPending || isError) && (
          <DataUnavailable
            what="your groups"
            failure="Your groups could not be loaded."
            failed={isError}
            onRetry={retry}
          />
        )}
        {groups.length > 0 && (
          <ul className="space-y-3" aria-label="Your groups">
            {groups.map((group) => (
              <GroupCard key={group.id} group={group} isCurrent={group.id === current?.id} />
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="Create a group"
        description="You become its owner: you can invite people, remove members, rename it and hand it over."
      >
        <CreateGroupForm />
      </Section>

      <nav aria-label="Ideas for organizing" className="grid gap-3 sm:grid-cols-3">
        {HUBS.map((hub) => (
          <Link
            key={hub.path}
            to={hub.path}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4 text-sm font-medium shadow-sm hover:bg-surface-muted"
          >
            <GroupIcon type={hub.type} className="size-5 shrink-0 text-brand" />
            <span className="flex-1">{hub.label}</span>
            <ArrowRight aria-hidden="true" className="size-4 text-ink-muted" />
          </Link>
        ))}
      </nav>
    </div>
  );
}

function GroupCard({ group, isCurrent }: { group: Group; isCurrent: boolean }) {
  const me = useMe();
  const { choose } = useCurrentGroup();
  const role = group.members.find((member) => member.userId === me?.id)?.role;
  return (
    <li className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <GroupIcon type={group.type} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            {group.name}
            {isCurrent && (
              <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 align-middle text-xs font-semibold">
                Current
              </span>
            )}
          </h3>
          <p className="text-sm text-ink-muted">
            {GROUP_TYPE_LABELS[group.type]} ·{" "}
            {group.isPersonal
              ? "only you"
              : `${group.members.length} ${group.members.length === 1 ? "member" : "members"}`}
            {role && <> · you are {role === "owner" ? "the owner" : "a member"}</>}
          </p>
          <div className="mt-1.5 empty:hidden">
            <GroupBadges group={group} />
          </div>
        </div>
      </div>
      {!group.isPersonal && (
        <div className="mt-3">
          <MemberFaces group={group} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {!isCurrent && (
          <button type="button" className={buttonClass.secondary} onClick={() => choose(group.id)}>
            Switch to this group<span className="sr-only">: {group.name}</span>
          </button>
        )}
        <Link to={`/group-settings?id=${encodeURIComponent(group.id)}`} className={buttonClass.secondary}>
          <Settings2 aria-hidden="true" className="size-4" />
          Settings<span className="sr-only"> of {group.name}</span>
        </Link>
      </div>
    </li>
  );
}
