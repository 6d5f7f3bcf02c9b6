import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import type { Invitation } from "../../../domain/groups";
import { groupKeys, invitationKeys, respondToInvitation, withdrawInvitation } from "../../api/groups";
import { Avatar } from "../../components/Avatar";
import { buttonClass } from "../../components/form";
import { GROUP_TYPE_LABELS, GroupIcon } from "../../components/GroupIcon";
import { chooseGroup } from "../../stores/current-group";
import { notify } from "../../stores/notifier";
import { dateTime, timeAgo } from "../account/format-time";

const STATUS: Record<Invitation["status"], { label: string; className: string }> = {
  pending: { label: "Waiting for an answer", className: "bg-brand-soft text-ink" },
  accepted: { label: "Accepted", className: "bg-success/10 text-success" },
  declined: { label: "Declined", className: "bg-surface-muted text-ink-muted" },
  revoked: { label: "Withdrawn", className: "bg-surface-muted text-ink-muted" },
  expired: { label: "Expired", className: "bg-danger/10 text-danger" },
};

/**
 * Who an invitation is for, as the server let the caller see it: the address, or for one made to
 * a user by id (whose address only they see), that user's name.
 */
export function invitationAddressee(invitation: Invitation): string {
  return invitation.email ?? invitation.invitee?.displayName ?? "A member of another group";
}

export function InvitationStatus({ status }: { status: Invitation["status"] }) {
  const { label, className } = STATUS[status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

/** When a pending invitation stops working, or when the others were answered. */
export function InvitationTiming({ invitation }: { invitation: Invitation }) {
  if (invitation.status === "pending") {
    return (
      <>
        sent{" "}
        <time dateTime={invitation.createdAt} title={dateTime(invitation.createdAt)}>
          {timeAgo(invitation.createdAt)}
        </time>
        , expires{" "}
        <time dateTime={invitation.expiresAt} title={dateTime(invitation.expiresAt)}>
          {timeAgo(invitation.expiresAt)}
        </time>
      </>
    );
  }
  if (invitation.status === "expired") {
    return (
      <>
        expired{" "}
        <time dateTime={invitation.expiresAt} title={dateTime(invitation.expiresAt)}>
          {timeAgo(invitation.expiresAt)}
        </time>
      </>
    );
  }
  const at = invitation.respondedAt ?? invitation.createdAt;
  return (
    <>
      {STATUS[invitation.status].label.toLowerCase()}{" "}
      <time dateTime={at} title={dateTime(at)}>
        {timeAgo(at)}
      </time>
    </>
  );
}

function useRefreshAfterInvitation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
    ]);
}

export function useRespondToInvitation() {
  const refresh = useRefreshAfterInvitation();
  return useMutation({
    mutationFn: ({ invitation, accept }: { invitation: Invitation; accept: boolean }) =>
      respondToInvitation(invitation.id, accept),
    onSuccess: async (_value, { invitation, accept }) => {
      if (accept) {
        notify.success(`You joined ${invitation.groupName}`, {
          action: { label: "Switch to it", onClick: () => chooseGroup(invitation.groupId) },
        });
      } else {
        notify.success(`Invitation to ${invitation.groupName} declined`);
      }
      await refresh();
    },
    onError: async (error) => {
      notify.error(error.message);
      // Answered elsewhere, withdrawn or expired in the meantime: show how it stands now.
      await refresh();
    },
  });
}

export function useWithdrawInvitation() {
  const refresh = useRefreshAfterInvitation();
  return useMutation({
    mutationFn: (invitation: Invitation) => withdrawInvitation(invitation.id),
    onSuccess: async (_value, invitation) => {
      notify.success(`Invitation for ${invitationAddressee(invitation)} withdrawn`);
      await refresh();
    },
    onError: async (error) => {
      notify.error(error.message);
      await refresh();
    },
  });
}

/** An invitation addressed to the user: the group, who invited them, and accept or decline while it is open. */
export function ReceivedInvitationItem({ invitation }: { invitation: Invitation }) {
  const respond = useRespondToInvitation();
  const busy = respond.isPending;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
        <GroupIcon type={invitation.groupType} className="size-5" />
      </span>
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="font-medium break-words">
          {invitation.groupName}{" "}
          <span className="text-sm font-normal text-ink-muted">({GROUP_TYPE_LABELS[invitation.groupType]})</span>
        </p>
        <p className="mt-1 flex items-start gap-2 text-sm text-ink-muted">
          <Avatar name={invitation.invitedBy.displayName} url={invitation.invitedBy.avatarUrl} size="sm" />
          <span className="min-w-0 pt-1">
            from <span className="text-ink">{invitation.invitedBy.displayName}</span> ·{" "}
            <InvitationTiming invitation={invitation} />
          </span>
        </p>
      </div>
      {invitation.status === "pending" ? (
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            onClick={() => respond.mutate({ invitation, accept: true })}
          >
            <Check aria-hidden="true" className="size-4" />
            Accept<span className="sr-only"> the invitation to {invitation.groupName}</span>
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => respond.mutate({ invitation, accept: false })}
          >
            <X aria-hidden="true" className="size-4" />
            Decline<span className="sr-only"> the invitation to {invitation.groupName}</span>
          </button>
        </div>
      ) : (
        <InvitationStatus status={invitation.status} />
      )}
    </li>
  );
}
