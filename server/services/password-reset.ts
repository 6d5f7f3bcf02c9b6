import { CLOSE_CODES } from "../../domain/realtime.js";
import { RESET_PASSWORD_TTL_MINUTES, type ResetTarget } from "../../domain/account-email.js";
import { ACCOUNT_EMAIL_MESSAGES } from "../../domain/account-email-messages.js";
import { passwordStrength } from "../../domain/password.js";
import type { AppDeps } from "../deps.js";
import { ValidationError } from "../errors.js";
import type { LocalAccountRow } from "../repositories/local-account-repository.js";
import { passwordResetMail } from "./account-mail.js";
import { issueAccountToken, LinkGoneError, peekAccountToken, redeemAccountToken } from "./account-tokens.js";
import { markVerified } from "./email-verification.js";
import { builtinIssuerUrl } from "./issuers.js";
import { hashPassword } from "./passwords.js";

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
    await deps.repositories.accountTokens.deleteForAccount(account.id, "reset-password");
    const token = await issueAccountToken(deps, account.id, "reset-password", TTL_MS, now);
    const link = `${deps.config.publicUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
    return passwordResetMail(deps.config, account, link, RESET_PASSWORD_TTL_MINUTES);
  });
}

async function accountOf(deps: AppDeps, accountId: string): Promise<LocalAccountRow> {
  const account = await deps.repositories.localAccounts.findById(accountId);
  if (!account) throw new LinkGoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
  return account;
}

/** Whose password the link resets, without using it up: the page shows it before asking. */
export async function checkResetLink(deps: AppDeps, token: string, now = new Date()): Promise<ResetTarget> {
  const row = await peekAccountToken(deps, token, "reset-password", now);
  const account = await accountOf(deps, row.account_id);
  return { email: account.email, name: account.name };
}

/**
 * Sets the new password and uses the link up. The strength rule is the sign-up's, checked before
 * the link is spent so a refused password can be retried. Every app session of the account's
 * user ends; the link also proves the address, so it counts as confirmed.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string, now = new Date()): Promise<void> {
  const row = await peekAccountToken(deps, token, "reset-password", now);
  const account = await accountOf(deps, row.account_id);
  const strength = passwordStrength(password, [account.name, account.email]);
  if (!strength.acceptable) throw new ValidationError(`This password is too easy to guess. ${strength.advice}`);
  const passwordHash = await hashPassword(password);
  await redeemAccountToken(deps, token, "reset-password", now);

  const { repositories } = deps;
  await repositories.localAccounts.updatePassword(account.id, passwordHash, now.toISOString());
  await repositories.accountTokens.deleteForAccount(account.id, "reset-password");
  await markVerified(deps, account.id, now);
  const user = await repositories.users.findByIdentity(builtinIssuerUrl(deps.config), account.id);
  if (user) {
    await repositories.sessions.deleteAllForUser(user.id);
    deps.realtime.closeUser(user.id, CLOSE_CODES.signedOut, "Password changed");
  }
}
