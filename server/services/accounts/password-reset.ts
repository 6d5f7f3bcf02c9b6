import { RESET_PASSWORD_TTL_MINUTES, type ResetTarget } from "../../../domain/account-email.js";
import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { passwordStrength } from "../../../domain/password.js";
import type { AppDeps } from "../../deps.js";
import { GoneError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { LocalAccountRecord } from "../../repositories/local-account-repository.js";
import { passwordResetMail } from "./account-mail.js";
import { issueAccountToken, peekAccountToken, redeemAccountToken } from "./account-tokens.js";
import { markVerified } from "./email-verification.js";
import { builtinIssuerUrl } from "../sign-in/issuers.js";
import { hashPassword } from "./passwords.js";
import { inTransaction } from "../transaction.js";

const TTL_MS = RESET_PASSWORD_TTL_MINUTES * 60_000;

/**
 * "Forgot password?": mails a reset link if the account exists. Everything, the lookup included,
 * happens after the answer, so the caller learns nothing (not even from timing) about whether
 * an account exists; the route answers the same sentence either way.
 */
export function requestPasswordReset(deps: AppDeps, email: string, now = new Date()): void {
  deps.mailer.sendInBackground(async () => {
    const account = await deps.repositories.localAccounts.findByEmail(email);
    if (!account) return null;
    // Only the newest link works: an older email lying around in an inbox is dead.
    const token = await inTransaction(deps, async (repositories) => {
      await repositories.accountTokens.deleteForAccount(account.id, "reset-password");
      return issueAccountToken(repositories, account.id, "reset-password", TTL_MS, now);
    });
    const link = `${deps.config.publicUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
    return passwordResetMail(deps.config, account, link, RESET_PASSWORD_TTL_MINUTES);
  });
}

async function accountOf(repositories: Repositories, accountId: string): Promise<LocalAccountRecord> {
  const account = await repositories.localAccounts.findById(accountId);
  if (!account) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
  return account;
}

/** Whose password the link resets, without using it up: the page shows it before asking. */
export async function checkResetLink(deps: AppDeps, token: string, now = new Date()): Promise<ResetTarget> {
  const row = await peekAccountToken(deps.repositories, token, "reset-password", now);
  const account = await accountOf(deps.repositories, row.accountId);
  return { email: account.email, name: account.name };
}

/**
 * Sets the new password and uses the link up. The strength rule is the sign-up's, checked before
 * the link is spent so a refused password can be retried; the slow hashing also happens before,
 * outside the transaction. The rest is one transaction, so a reset either happens completely or
 * leaves the link usable: the link is spent, the address counts as confirmed (the link arrived
 * there), and every credential of the account's user ends, sessions and API tokens alike, since
 * a reset is how a mailbox's owner takes back an account someone else may have been using.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string, now = new Date()): Promise<void> {
  const row = await peekAccountToken(deps.repositories, token, "reset-password", now);
  const account = await accountOf(deps.repositories, row.accountId);
  const strength = passwordStrength(password, [account.name, account.email]);
  if (!strength.acceptable) throw new ValidationError(`This password is too easy to guess. ${strength.advice}`);
  const passwordHash = await hashPassword(password, deps.config.auth.passwordHashCost);

  const userId = await inTransaction(deps, async (repositories) => {
    const redeemed = await redeemAccountToken(repositories, token, "reset-password", now);
    await repositories.localAccounts.updatePassword(redeemed.accountId, passwordHash, now.toISOString());
    await repositories.accountTokens.deleteForAccount(redeemed.accountId, "reset-password");
    await markVerified(repositories, deps.config, redeemed.accountId, now);
    const user = await repositories.users.findByIdentity(builtinIssuerUrl(deps.config), redeemed.accountId);
    if (!user) return null;
    await repositories.sessions.deleteAllForUser(user.id);
    await repositories.apiTokens.deleteAllForUser(user.id);
    await repositories.pushSubscriptions.deleteAllForUser(user.id);
    return user.id;
  });
  if (userId) await deps.bus.publish({ kind: "close-user", userId, reason: "Password changed" });
}
