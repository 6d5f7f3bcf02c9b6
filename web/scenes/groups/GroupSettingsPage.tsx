import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Crown, LogOut, Save, Send, Trash2, TriangleAlert, UserMinus } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { emailSchema } from "../../../domain/auth";
import {
  GROUP_NAME_MAX_LENGTH,
  type Group,
  type GroupMember,
  groupNameSchema,
  type Invitation,
} from "../../../domain/groups";
import {
  deleteGroup,
  getGroup,
  getGroupDeletionPreview,
  groupKeys,
  inviteToGroup,
  listGroupInvitations,
  removeMember,
  renameGroup,
  transferOwnership,
} from "../../api/groups";
import { ApiRequestError } from "../../api/http";
import { Alert } from "../../components/Alert";
import { Avatar } from "../../components/Avatar";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { GROUP_TYPE_LABELS, GroupIcon } from "../../components/GroupIcon";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useDraft } from "../../hooks/use-draft";
import { useMe } from "../../hooks/use-me";
import { onLiveMessage, withExpectedRemoval } from "../../realtime/use-live-updates";
import { forceGroup, getChosenGroupId } from "../../stores/current-group";
import { notify } from "../../stores/notifier";
import { appTimeLocale } from "../../stores/time-locale";
import { formatDate } from "../../../domain/time-format";

import { invitationAddressee, InvitationTiming, useWithdrawInvitation } from "./InvitationParts";
import { linkClass, PageHeader } from "./PageHeader";

/** /group-settings?id=…: one group's name, members, invitations, and leaving or deleting it (default: the current group). */
export default function GroupSettingsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get("id");
  const { current, groups, isPending: groupsPending } = useCurrentGroup();
  const id = requested ?? current?.id;
  const listed = groups.find((group) => group.id === id);
  // Not among the user's groups (any more): not asked for, so a group just left is not fetched again.
  const notListed = !groupsPending && groups.length > 0 && !listed;
  const group = useQuery({
    queryKey: groupKeys.one(id ?? ""),
    queryFn: () => getGroup(id!),
    enabled: Boolean(id) && !notListed,
    // The list already has it: show that at once, the request confirms it.
    placeholderData: listed,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });

  // Removed from the group shown (or it was deleted) while looking at it: go to the list of groups.
  useEffect(
    () =>
      onLiveMessage((message) => {
        if (message.type === "group.removed" && requested !== null && message.groupId === requested) {
          void navigate("/groups", { replace: true });
        }
      }),
    [navigate, requested],
  );

  const shown = notListed ? undefined : group.data;
  const pickerId = useId();
  const loading = (groupsPending && !requested) || (group.isPending && !group.data);

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={shown ? shown.name : "Group settings"}>
        {shown ? (
          <span className="inline-flex items-center gap-1.5">
            <GroupIcon type={shown.type} />
            {GROUP_TYPE_LABELS[shown.type]} group settings ·{" "}
            <Link to="/groups" className={linkClass}>
              All groups
            </Link>
          </span>
        ) : (
          "Name, members and invitations of a group."
        )}
      </PageHeader>

      {groups.length > 1 && listed && (
        <div className="max-w-sm">
          <label htmlFor={pickerId} className={labelClass}>
            Show the settings of
          </label>
          <select
            id={pickerId}
            className={inputClass}
            value={id}
            onChange={(event) => setParams({ id: event.target.value })}
          >
            {groups.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}

      {loading && !notListed && <p role="status">Loading the group…</p>}
      {(notListed || (group.isError && !shown)) && (
        <Alert tone="error">
          {notListed || (group.error instanceof ApiRequestError && group.error.status === 404)
            ? "This group does not exist, or you are not a member of it."
            : group.error?.message}{" "}
          <Link to="/groups" className="underline">
            See your groups
          </Link>
        </Alert>
      )}
      {shown && <GroupSettings key={shown.id} group={shown} />}
    </div>
  );
}

function GroupSettings({ group }: { group: Group }) {
  const me = useMe();
  const isOwner = group.owner_id === me?.id;
  return (
    <>
      {group.isPersonal && (
        <Section title="Your personal group">
          <p className="text-sm">
            This group is private: only you can see its tasks and categories. It cannot be shared, left or deleted, and
            it is where the app takes you when a shared group is no longer there. To share tasks, create a{" "}
            <Link to="/family-organization" className={linkClass}>
              family
            </Link>{" "}
            or{" "}
            <Link to="/business-organization" className={linkClass}>
              team
            </Link>{" "}
            group.
          </p>
        </Section>
      )}
      {group.abilities.rename && <RenameSection group={group} />}
      {!group.isPersonal && <MembersSection group={group} />}
      {group.abilities.invite && <InviteSection group={group} />}
      {!group.isPersonal && <PendingInvitationsSection group={group} isOwner={isOwner} />}
      {group.abilities.leave && <LeaveSection group={group} />}
      {!group.isPersonal && isOwner && !group.abilities.leave && !group.abilities.delete && (
        <p className="text-sm text-ink-muted">As the owner you cannot leave; make another member the owner first.</p>
      )}
      {group.abilities.delete && <DeleteSection group={group} />}
    </>
  );
}

function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

/** After leaving or deleting: forget the group here, fall back to the personal group, go to the list. */
function useLeaveGroupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { groups } = useCurrentGroup();
  return async (group: Group) => {
    const remaining = groups.filter((other) => other.id !== group.id);
    queryClient.setQueryData<Group[]>(groupKeys.all, remaining);
    const personal = remaining.find((other) => other.isPersonal);
    if (personal && getChosenGroupId() === group.id) forceGroup(personal.id);
    queryClient.removeQueries({ queryKey: groupKeys.one(group.id) });
    await navigate("/groups", { replace: true });
    void queryClient.invalidateQueries({ queryKey: groupKeys.all, exact: true });
  };
}

function RenameSection({ group }: { group: Group }) {
  const refresh = useRefreshGroups();
  const [name, setName] = useDraft(group.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (value: string) => renameGroup(group.id, value),
    onSuccess: async () => {
      notify.success("Group renamed");
      await refresh();
    },
    onError: (error) => setProblem(error.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = groupNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the name");
    setProblem(null);
    rename.mutate(parsed.data);
  }

  return (
    <Section
      title="Name"
      description={group.isPersonal ? "Only you see this name." : "Everyone in the group sees this name."}
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label="Group name"
            value={name}
            required
            maxLength={GROUP_NAME_MAX_LENGTH}
            autoComplete="off"
            onChange={setName}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={rename.isPending || name.trim() === group.name}>
          <Save aria-hidden="true" className="size-4" />
          Save name
        </button>
      </form>
      {problem && (
        <div className="mt-4">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
    </Section>
  );
}

type MemberAction = { kind: "remove" | "transfer"; member: GroupMember };

function MembersSection({ group }: { group: Group }) {
  const me = useMe();
  const refresh = useRefreshGroups();
  const [action, setAction] = useState<MemberAction | null>(null);
  const act = useMutation({
    mutationFn: async ({ kind, member }: MemberAction) => {
      if (kind === "remove") await removeMember(group.id, member.userId);
      else await transferOwnership(group.id, member.userId);
    },
    onSuccess: async (_value, { kind, member }) => {
      setAction(null);
      notify.success(
        kind === "remove"
          ? `${member.displayName} was removed from ${group.name}`
          : `${member.displayName} is now the owner of ${group.name}`,
      );
      await refresh();
    },
    onError: async (error) => {
      setAction(null);
      notify.error(error.message);
      await refresh();
    },
  });

  const members = [...group.members].sort(
    (a, b) => Number(b.role === "owner") - Number(a.role === "owner") || a.joinedAt.localeCompare(b.joinedAt),
  );

  return (
    <Section
      title="Members"
      description={`${group.members.length} ${group.members.length === 1 ? "person sees" : "people see"} this group's tasks. The owner manages members and invitations.`}
    >
      <ul className="divide-y divide-line" aria-label="Members">
        {members.map((member) => {
          const isMe = member.userId === me?.id;
          const canRemove = group.abilities.removeMembers && !isMe && member.role !== "owner";
          const canTransfer = group.abilities.transferOwnership && !isMe && member.role !== "owner";
          return (
            <li key={member.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
              <Avatar name={member.displayName} url={member.avatarUrl} />
              <div className="min-w-0 flex-[1_1_12rem]">
                <p className="font-medium break-words">
                  {member.displayName}
                  {isMe && <span className="font-normal text-ink-muted"> (you)</span>}
                </p>
                <p className="text-sm text-ink-muted">
                  {member.role === "owner" ? (
                    <span className="font-semibold text-ink">
                      <Crown aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.125em] text-brand" />
                      Owner
                    </span>
                  ) : (
                    "Member"
                  )}{" "}
                  · joined <time dateTime={member.joinedAt}>{date(member.joinedAt)}</time>
                </p>
              </div>
              {(canTransfer || canRemove) && (
                <div className="flex flex-wrap gap-2">
                  {canTransfer && (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={act.isPending}
                      onClick={() => setAction({ kind: "transfer", member })}
                    >
                      <Crown aria-hidden="true" className="size-4" />
                      Make owner<span className="sr-only">: {member.displayName}</span>
                    </button>
                  )}
                  {canRemove && (
                    <button
                      type="button"
                      className={buttonClass.dangerOutline}
                      disabled={act.isPending}
                      onClick={() => setAction({ kind: "remove", member })}
                    >
                      <UserMinus aria-hidden="true" className="size-4" />
                      Remove<span className="sr-only"> {member.displayName}</span>
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={action?.kind === "transfer"}
        title={`Make ${action?.member.displayName ?? ""} the owner?`}
        confirmLabel="Make owner"
        tone="primary"
        busy={act.isPending}
        onConfirm={() => action && act.mutate(action)}
        onCancel={() => setAction(null)}
      >
        <p>
          <strong className="text-ink">{action?.member.displayName}</strong> will manage {group.name}: invite and remove
          people, rename it, and delete it.
        </p>
        <p>You stay in the group as a member and cannot undo this yourself.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === "remove"}
        title={`Remove ${action?.member.displayName ?? ""}?`}
        confirmLabel="Remove from group"
        busy={act.isPending}
        onConfirm={() => action && act.mutate(action)}
        onCancel={() => setAction(null)}
      >
        <p>
          <strong className="text-ink">{action?.member.displayName}</strong> loses access to {group.name} and its tasks
          at once. Tasks they created stay in the group. You can invite them again later.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function InviteSection({ group }: { group: Group }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) => inviteToGroup(group.id, { email: address }),
    onSuccess: async (_value, address) => {
      setEmail("");
      notify.success(`Invitation sent to ${address}`);
      await queryClient.invalidateQueries({ queryKey: groupKeys.invitations(group.id) });
    },
    onError: (error) => setProblem(error.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Enter a valid email address");
    setProblem(null);
    invite.mutate(parsed.data);
  }

  return (
    <Section
      title="Invite someone"
      description="We email them a link. They join once they accept, signed in with an account whose address is confirmed."
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <TextField
            label="Email address"
            type="email"
            value={email}
            required
            autoComplete="email"
            placeholder="name@example.org"
            onChange={setEmail}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={invite.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {invite.isPending ? "Sending…" : "Send invitation"}
        </button>
      </form>
      {problem && (
        <div className="mt-4">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
    </Section>
  );
}

function PendingInvitationsSection({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const me = useMe();
  const invitations = useQuery({
    queryKey: groupKeys.invitations(group.id),
    queryFn: () => listGroupInvitations(group.id),
  });
  const withdraw = useWithdrawInvitation();
  const pending = invitations.data?.filter((invitation) => invitation.status === "pending") ?? [];
  return (
    <Section title="Pending invitations" description="Invitations to this group that have not been answered yet.">
      {invitations.isPending && <p role="status">Loading…</p>}
      {invitations.isError && <Alert tone="error">{invitations.error.message}</Alert>}
      {invitations.data && pending.length === 0 && (
        <p className="text-sm text-ink-muted">No invitations are waiting for an answer.</p>
      )}
      {pending.length > 0 && (
        <ul className="divide-y divide-line" aria-label="Pending invitations">
          {pending.map((invitation: Invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-[1_1_12rem]">
                <p className="font-medium break-all">{invitationAddressee(invitation)}</p>
                <p className="text-sm text-ink-muted">
                  by {invitation.invitedBy.displayName} · <InvitationTiming invitation={invitation} />
                </p>
              </div>
              {(isOwner || invitation.invitedBy.userId === me?.id) && (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate(invitation)}
                >
                  Withdraw<span className="sr-only"> the invitation for {invitationAddressee(invitation)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function LeaveSection({ group }: { group: Group }) {
  const me = useMe();
  const leavePage = useLeaveGroupPage();
  const [asking, setAsking] = useState(false);
  const leave = useMutation({
    mutationFn: () => withExpectedRemoval(group.id, () => removeMember(group.id, me!.id)),
    onSuccess: async () => {
      setAsking(false);
      notify.success(`You left ${group.name}`);
      await leavePage(group);
    },
    onError: (error) => {
      setAsking(false);
      notify.error(error.message);
    },
  });
  return (
    <Section title="Leave group" tone="danger" description="You stop seeing this group's tasks on every device.">
      <button type="button" className={buttonClass.dangerOutline} onClick={() => setAsking(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave {group.name}…
      </button>
      <ConfirmDialog
        open={asking}
        title={`Leave ${group.name}?`}
        confirmLabel="Leave group"
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>Tasks you created stay in the group. To come back, ask the owner for a new invitation.</p>
      </ConfirmDialog>
    </Section>
  );
}

function date(iso: string): string {
  return formatDate(iso, appTimeLocale());
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function DeleteSection({ group }: { group: Group }) {
  const leavePage = useLeaveGroupPage();
  const [asking, setAsking] = useState(false);
  const preview = useQuery({
    queryKey: groupKeys.deletionPreview(group.id),
    queryFn: () => getGroupDeletionPreview(group.id),
    enabled: asking,
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: () => withExpectedRemoval(group.id, () => deleteGroup(group.id)),
    onSuccess: async () => {
      setAsking(false);
      notify.success(`${group.name} was deleted`);
      await leavePage(group);
    },
    onError: (error) => {
      setAsking(false);
      notify.error(error.message);
    },
  });
  return (
    <Section
      title="Delete group"
      tone="danger"
      description="Deletes the group with all its tasks and categories for everyone in it. This cannot be undone."
    >
      <button type="button" className={buttonClass.dangerOutline} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete {group.name}…
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${group.name}?`}
        confirmLabel="Delete group for everyone"
        busy={remove.isPending}
        confirmDisabled={!preview.data}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      >
        {preview.isPending && <p role="status">Counting what would be deleted…</p>}
        {preview.isError && <p className="text-danger">{preview.error.message}</p>}
        {preview.data && (
          <>
            <p className="flex items-start gap-2 text-ink">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              This deletes, for everyone and for good:
            </p>
            <ul className="list-disc space-y-1 pl-6 text-ink" aria-label="What will be deleted">
              <li>{count(preview.data.tasks, "task", "tasks")}</li>
              <li>{count(preview.data.categories, "category", "categories")}</li>
              <li>the membership of {count(preview.data.members, "person", "people")}, who lose access at once</li>
              {preview.data.pendingInvitations > 0 && (
                <li>{count(preview.data.pendingInvitations, "pending invitation", "pending invitations")}</li>
              )}
            </ul>
          </>
        )}
      </ConfirmDialog>
    </Section>
  );
}
