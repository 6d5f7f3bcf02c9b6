import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { passwordStrength } from "../../../domain/password.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ValidationError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { passwordChangedMail } from "./account-mail.js";
import { localAccountOf } from "./email-verification.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { inTransaction } from "../transaction.js";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** The checks a change must pass before its current password is even looked at (they reveal nothing). */
export async function checkNewPassword(deps: AppDeps, user: User, change: PasswordChange): Promise<void> {
  const account = await localAccountOf(deps, user);
  if (!account) throw new ConflictError(ACCOUNT_EMAIL_MESSAGES.passwordNotLocal);
  if (change.newPassword === change.currentPassword) throw new ValidationError(ACCOUNT_EMAIL_MESSAGES.samePassword);
  const strength = passwordStrength(change.newPassword, [account.name, account.email]);
  if (!strength.acceptable) throw new ValidationError(`This password is too easy to guess. ${strength.advice}`);
}

/**
 * A signed-in user of the built-in provider sets a new password, proving it is them with the
 * current one. Like a reset (services/accounts/password-reset.ts) it ends the user's other browser
 * sessions and their push subscriptions, since whoever else knew the old password may be signed
 * in somewhere; unlike a reset it keeps the browser it was made in, and API tokens, which the user
 * sees and revokes on the same page (docs/decisions.md). A confirmed address is told, so a change
 * the owner did not make does not go unnoticed.
 */
export async function changePassword(
  deps: AppDeps,
  user: User,
  currentSessionIdHash: string,
  change: PasswordChange,
  now = new Date(),
): Promise<void> {
  await checkNewPassword(deps, user, change);
  const account = (await localAccountOf(deps, user))!;
  if (!(await verifyPassword(change.currentPassword, account.passwordHash))) {
    throw new ValidationError(ACCOUNT_EMAIL_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(change.newPassword, deps.config.auth.passwordHashCost);
  const ended = await inTransaction(deps, async (repositories) => {
    await repositories.localAccounts.updatePassword(account.id, passwordHash, now.toISOString());
    await repositories.pushSubscriptions.deleteForUserExceptSession(user.id, currentSessionIdHash);
    return repositories.sessions.deleteOthersForUser(user.id, currentSessionIdHash);
  });
  for (const idHash of ended) await deps.bus.publish({ kind: "close-session", idHash, reason: "Password changed" });
  if (account.emailVerifiedAt !== null) {
    deps.mailer.sendInBackground(passwordChangedMail(deps.config, account, `${deps.config.publicUrl}/login`));
  }
}
