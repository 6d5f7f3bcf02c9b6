import type {
  CreateGroup,
  CreateInvitation,
  Group,
  GroupDeletionPreview,
  Invitation,
  InvitationLists,
} from "../../domain/groups";
import { apiFetch } from "./http";

const group = (id: string) => `/api/groups/${encodeURIComponent(id)}`;
const invitation = (id: string) => `/api/invitations/${encodeURIComponent(id)}`;

/** Query keys: everything about groups lives under ["groups"], so one invalidation refreshes it all. */
export const groupKeys = {
  all: ["groups"] as const,
  one: (id: string) => ["groups", id] as const,
  invitations: (id: string) => ["groups", id, "invitations"] as const,
  deletionPreview: (id: string) => ["groups", id, "deletion-preview"] as const,
};
export const invitationKeys = { all: ["invitations"] as const };

export const listGroups = () => apiFetch<Group[]>("/api/groups");
export const getGroup = (id: string) => apiFetch<Group>(group(id));
export const createGroup = (body: CreateGroup) => apiFetch<Group>("/api/groups", { method: "POST", body });
export const renameGroup = (id: string, name: string) =>
  apiFetch<Group>(group(id), { method: "PATCH", body: { name } });
export const getGroupDeletionPreview = (id: string) => apiFetch<GroupDeletionPreview>(`${group(id)}/deletion-preview`);
export const deleteGroup = (id: string) => apiFetch<void>(group(id), { method: "DELETE", body: { confirm: true } });
/** The owner removes a member; with the caller's own id, the caller leaves. */
export const removeMember = (id: string, userId: string) =>
  apiFetch<void>(`${group(id)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" });
export const transferOwnership = (id: string, userId: string) =>
  apiFetch<Group>(`${group(id)}/transfer-ownership`, { method: "POST", body: { userId } });

export const inviteToGroup = (id: string, body: CreateInvitation) =>
  apiFetch<Invitation>(`${group(id)}/invitations`, { method: "POST", body });
export const listGroupInvitations = (id: string) => apiFetch<Invitation[]>(`${group(id)}/invitations`);

export const listInvitations = () => apiFetch<InvitationLists>("/api/invitations");
export const respondToInvitation = (id: string, accept: boolean) =>
  apiFetch<Invitation>(`${invitation(id)}/respond`, { method: "POST", body: { accept } });
export const withdrawInvitation = (id: string) => apiFetch<void>(invitation(id), { method: "DELETE" });
