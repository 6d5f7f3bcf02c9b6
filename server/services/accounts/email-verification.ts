import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { VERIFY_EMAIL_TTL_HOURS, type VerifiedEmail } from "../../../domain/account-email.js";
import type { AppDeps } from "../../deps.js";
import type { Config } from "../../env.js";
import { ConflictError, GoneError, ServiceUnavailableError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { LocalAccountRecord } from "../../repositories/local-account-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { verificationMail } from "./account-mail.js";
import { issueAccountToken, redeemAccountToken } from "./account-tokens.js";
import { builtinIssuerUrl } from "../sign-in/issuers.js";
import { finishPendingSignUp } from "./pending-sign-ups.js";
import { inTransaction } from "../transaction.js";

const TTL_MS = VERIFY_EMAIL_TTL_HOURS * 3_600_000;

async function composeVerificationMail(deps: AppDeps, account: LocalAccountRecord, now: Date) {
  const token = await issueAccountToken(deps.repositories, account.id, "verify-email", TTL_MS, now);
  const link = `${deps.config.publicUrl}/verify-email?${new URLSearchParams({ token }).toString()}`;
  return verificationMail(deps.config, account, link, VERIFY_EMAIL_TTL_HOURS);
}

/** After sign-up: the link is made and mailed in the background, so signing up never waits for SMTP. */
export function sendVerificationInBackground(deps: AppDeps, account: LocalAccountRecord, now = new Date()): void {
  deps.mailer.sendInBackground(() => composeVerificationMail(deps, account, now));
}

/**
 * Uses a verification link: the local account is verified, and so is the app's user for it at
 * once (the next sign-in's ID token says the same, from local_accounts.email_verified_at). The
 * link of a sign-up made with email delivery (services/accounts/pending-sign-ups.ts) makes its account.
 */
export async function verifyEmail(deps: AppDeps, token: string, now = new Date()): Promise<VerifiedEmail> {
  const { account, newAccount } = await inTransaction(deps, async (repositories) => {
    const created = await finishPendingSignUp(repositories, token, now);
    if (created) return { account: created, newAccount: true };
    const row = await redeemAccountToken(repositories, token, "verify-email", now);
    const account = await repositories.localAccounts.findById(row.accountId);
    if (!account) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
    await markVerified(repositories, deps.config, account.id, now);
    await repositories.accountTokens.deleteForAccount(account.id, "verify-email");
    return { account, newAccount: false };
  });
  // Signed-in browsers of this user may accept invitations to the address now: on every process.
  const user = await deps.repositories.users.findByIdentity(builtinIssuerUrl(deps.config), account.id);
  if (user) await deps.bus.publish({ kind: "user-changed", userId: user.id });
  return { email: account.email, newAccount };
}

/** Both records that say whether the address is confirmed: the provider's account and the app's user. */
export async function markVerified(
  repositories: Repositories,
  config: Config,
  accountId: string,
  now: Date,
): Promise<void> {
  await repositories.localAccounts.markEmailVerified(accountId, now.toISOString());
  await repositories.users.markEmailVerified(builtinIssuerUrl(config), accountId, now.toISOString());
}

/** The local account behind a signed-in user, or null for users of an external issuer. */
export async function localAccountOf(deps: AppDeps, user: User): Promise<LocalAccountRecord | null> {
  if (user.issuer !== builtinIssuerUrl(deps.config)) return null;
  return (await deps.repositories.localAccounts.findById(user.subject)) ?? null;
}

/** A new link for a signed-in user whose address is not confirmed yet; waits for the mail to leave. */
export async function resendVerification(deps: AppDeps, user: User, now = new Date()): Promise<void> {
  const account = await localAccountOf(deps, user);
  if (!account) throw new ConflictError(ACCOUNT_EMAIL_MESSAGES.notLocalAccount);
  if (account.emailVerifiedAt !== null) throw new ConflictError(ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
  const message = await composeVerificationMail(deps, account, now);
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error }, "verification email not sent");
    throw new ServiceUnavailableError(ACCOUNT_EMAIL_MESSAGES.mailFailed);
  }
}
