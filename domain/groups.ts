import { z } from "zod";
import { emailSchema } from "./auth.js";
import { storableText } from "./fields.js";
import { publicProfileSchema } from "./profiles.js";

export const GROUP_TYPES = ["personal", "family", "team"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
/** The types a user may create; each user has exactly one personal group, made at setup. */
export const SHARED_GROUP_TYPES = ["family", "team"] as const;
export type SharedGroupType = (typeof SHARED_GROUP_TYPES)[number];

export const GROUP_ROLES = ["owner", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_NAME_MAX_LENGTH = 100;

/** A personal group's name ends with "'s Task Manager". */
export function personalGroupName(displayName: string): string {
  return `${displayName.trim() || "My"}'s Task Manager`;
}

export const groupNameSchema = storableText()
  .trim()
  .min(1, "Give the group a name")
  .max(GROUP_NAME_MAX_LENGTH, `Use at most ${GROUP_NAME_MAX_LENGTH} characters`);

/** What the caller may do with a group, computed by the server (server/policies/groups.ts). */
export const groupAbilitiesSchema = z.object({
  rename: z.boolean(),
  delete: z.boolean(),
  invite: z.boolean(),
  removeMembers: z.boolean(),
  transferOwnership: z.boolean(),
  leave: z.boolean(),
});
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>;

export const groupMemberSchema = publicProfileSchema.extend({
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group as the API sends it, with members as objects (their ids are `members[].userId`). */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  /** Snake case among camel case: the name clients of the specification's user-groups read (docs/api.md). */
  owner_id: z.string(),
  isPersonal: z.boolean(),
  members: z.array(groupMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: groupAbilitiesSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const createGroupSchema = z.object({
  name: groupNameSchema,
  type: z.enum(SHARED_GROUP_TYPES),
  /** Optional starting categories beyond the defaults (the organization hubs suggest some). */
  categories: z.array(storableText().trim().min(1).max(40)).max(12).optional(),
});
export type CreateGroup = z.infer<typeof createGroupSchema>;

export const updateGroupSchema = z.object({ name: groupNameSchema });

/** What deleting a group removes, so the confirmation can name it. */
export const groupDeletionPreviewSchema = z.object({
  tasks: z.number().int(),
  categories: z.number().int(),
  members: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type GroupDeletionPreview = z.infer<typeof groupDeletionPreviewSchema>;

export const deleteGroupSchema = z.object({
  confirm: z.literal(true, { error: "Confirm that the group should be deleted" }),
});

export const transferOwnershipSchema = z.object({ userId: storableText().min(1).max(100) });

// Invitations ------------------------------------------------------------------------------

export const INVITATION_STATUSES = ["pending", "accepted", "declined", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** invite-by-email takes an address; invite-member a user the inviter already shares a group with. */
export const createInvitationSchema = z.union([
  z.object({ email: emailSchema }),
  z.object({ userId: storableText().min(1).max(100) }),
]);
export type CreateInvitation = z.infer<typeof createInvitationSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  groupType: z.enum(GROUP_TYPES),
  /**
   * The address it went to; null for others than the invitee when the inviter named a user
   * (invite-member) rather than typing it: profiles keep addresses from other members.
   */
  email: z.string().nullable(),
  /** For an invitation made by user id: that user, when the caller may see their profile. */
  invitee: publicProfileSchema.nullable(),
  invitedBy: publicProfileSchema,
  /** "expired" is derived: pending past expiresAt. */
  status: z.enum([...INVITATION_STATUSES, "expired"]),
  createdAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const respondToInvitationSchema = z.object({ accept: z.boolean() });

export const invitationListsSchema = z.object({
  /** Addressed to the caller's verified email. */
  received: z.array(invitationSchema),
  /** Sent by the caller, or for groups the caller owns. */
  sent: z.array(invitationSchema),
});
export type InvitationLists = z.infer<typeof invitationListsSchema>;

export { GROUP_SWITCH_DEBOUNCE_MS } from "./group-switch.js";
