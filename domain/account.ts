import { z } from "zod";
import { GROUP_TYPES } from "./groups.js";

/** A signed-in browser, as listed on /account-management. */
export const sessionInfoSchema = z.object({
  /** Opaque; only good for revoking this session. */
  id: z.string(),
  current: z.boolean(),
  signedInWith: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** How this account signs in: one identity at one issuer (matched on issuer and subject). */
export const linkedSignInSchema = z.object({
  issuerId: z.string().nullable(),
  issuerName: z.string(),
  issuerUrl: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** True for the instance's own accounts, whose password and email are managed here. */
  builtin: z.boolean(),
});
export type LinkedSignIn = z.infer<typeof linkedSignInSchema>;

export const deletionPreviewSchema = z.object({
  personalGroup: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Groups the user owns with others: each passes to its longest-standing member, or is deleted when alone. */
  ownedGroups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(GROUP_TYPES),
      newOwner: z.object({ userId: z.string(), displayName: z.string() }).nullable(),
    }),
  ),
  sessions: z.number().int(),
  apiTokens: z.number().int(),
  /** False when the sign-in is older than RECENT_SIGN_IN_MINUTES: the user must sign in again first. */
  recentSignIn: z.boolean(),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

/** Deleting an account needs a sign-in this recent: an unattended browser cannot do it. */
export const RECENT_SIGN_IN_MINUTES = 15;
export const SIGN_IN_AGAIN_TO_DELETE = `For your safety, sign in again to delete your account (a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes is needed).`;

export const deleteAccountSchema = z.object({
  confirm: z.literal(true, { error: "Confirm that the account should be deleted" }),
});
