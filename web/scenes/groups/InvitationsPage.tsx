import { Link } from "react-router";
import type { Invitation } from "../../../domain/groups";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { UnconfirmedEmailNotice } from "../../components/UnconfirmedEmailNotice";
import { useInvitations } from "../../hooks/use-groups";
import { useMe } from "../../hooks/use-me";
import {
  invitationAddressee,
  InvitationStatus,
  InvitationTiming,
  ReceivedInvitationItem,
  useWithdrawInvitation,
} from "./InvitationParts";
import { linkClass, PageHeader } from "./PageHeader";

/** Open ones first, then the rest, newest first within each. */
function byRelevance(a: Invitation, b: Invitation): number {
  return Number(b.status === "pending") - Number(a.status === "pending") || b.createdAt.localeCompare(a.createdAt);
}

export default function InvitationsPage() {
  const me = useMe();
  const invitations = useInvitations();
  const received = [...(invitations.data?.received ?? [])].sort(byRelevance);
  const sent = [...(invitations.data?.sent ?? [])].sort(byRelevance);

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title="Invitations">
        Join the family and team groups you were invited to, and keep track of the invitations you sent.{" "}
        <Link to="/groups" className={linkClass}>
          Your groups
        </Link>
      </PageHeader>

      <UnconfirmedEmailNotice withoutEmail />

      {invitations.isPending && <p role="status">Loading invitations…</p>}
      {invitations.isError && <Alert tone="error">{invitations.error.message}</Alert>}

      {invitations.data && (
        <>
          <Section
            title="Received"
            description={me?.email ? `Invitations to ${me.email}.` : "Invitations to your email address."}
          >
            {received.length === 0 ? (
              <p className="text-sm text-ink-muted">
                No invitations yet. When someone invites your address to a group, it shows up here and in your email.
              </p>
            ) : (
              <ul className="divide-y divide-line" aria-label="Received invitations">
                {received.map((invitation) => (
                  <ReceivedInvitationItem key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            )}
          </Section>

          <Section title="Sent" description="Invitations you sent, and those for groups you own.">
            {sent.length === 0 ? (
              <p className="text-sm text-ink-muted">
                You have not invited anyone. Invite people from the settings of a family or team group.
              </p>
            ) : (
              <ul className="divide-y divide-line" aria-label="Sent invitations">
                {sent.map((invitation) => (
                  <SentInvitationItem key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

function SentInvitationItem({ invitation }: { invitation: Invitation }) {
  const withdraw = useWithdrawInvitation();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="font-medium break-all">{invitationAddressee(invitation)}</p>
        <p className="text-sm text-ink-muted">
          <GroupIcon type={invitation.groupType} className="mr-1.5 inline size-3.5 align-[-0.125em]" />
          <Link
            to={`/group-settings?id=${encodeURIComponent(invitation.groupId)}`}
            className={`${linkClass} break-words`}
          >
            {invitation.groupName}
          </Link>{" "}
          · <InvitationTiming invitation={invitation} />
        </p>
      </div>
      {invitation.status === "pending" ? (
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(invitation)}
        >
          Withdraw<span className="sr-only"> the invitation for {invitationAddressee(invitation)}</span>
        </button>
      ) : (
        <InvitationStatus status={invitation.status} />
      )}
    </li>
  );
}
