import { z } from "zod";
import { emailSchema } from "./auth.js";
import { queryInteger, storableText } from "./fields.js";
import { PASSWORD_MAX_LENGTH } from "./password-rules.js";

/** Request and response shapes of email verification, password reset and the admin outbox. */

/** How long an emailed link works. */
export const VERIFY_EMAIL_TTL_HOURS = 48;
export const RESET_PASSWORD_TTL_MINUTES = 60;

/** The secret of an emailed link (randomToken(): 43 base64url characters). */
export const accountTokenSchema = storableText()
  .trim()
  .min(20, "The link is incomplete")
  .max(200, "The link is not valid")
  .regex(/^[A-Za-z0-9_-]+$/, "The link is not valid");

export const tokenBodySchema = z.object({ token: accountTokenSchema });

export const verifiedEmailSchema = z.object({
  email: z.string(),
  /** The link finished a sign-up (with email delivery configured): the account exists from now on, sign in. */
  newAccount: z.boolean(),
});
export type VerifiedEmail = z.infer<typeof verifiedEmailSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: accountTokenSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** A signed-in user's password change: the current password proves it is them, as at sign-in. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** Whose password a reset link changes: shown on the page and used as hints by the strength meter. */
export const resetTargetSchema = z.object({ email: z.string(), name: z.string() });
export type ResetTarget = z.infer<typeof resetTargetSchema>;

/** An answer that is only a sentence for the user. */
export const noticeSchema = z.object({ message: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_MAX_PAGE_SIZE = 100;

export const outboxQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: OUTBOX_MAX_PAGE_SIZE }).default(OUTBOX_PAGE_SIZE),
  /** The `nextCursor` of the previous page. */
  cursor: storableText().max(200).optional(),
});

export const outboxPageSchema = z.object({
  /** How this instance sends email now: with "smtp", the outbox only holds messages from before. */
  delivery: z.enum(["smtp", "outbox"]),
  messages: z.array(outboxMessageSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
