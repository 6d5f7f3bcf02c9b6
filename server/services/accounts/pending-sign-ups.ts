import { randomUUID } from "node:crypto";
import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { VERIFY_EMAIL_TTL_HOURS } from "../../../domain/account-email.js";
import type { AppDeps } from "../../deps.js";
import { GoneError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { LocalAccountRecord } from "../../repositories/local-account-repository.js";
import { signUpAttemptMail, verificationMail } from "./account-mail.js";
import { hashPassword } from "./passwords.js";
import { hashToken, randomToken } from "../tokens.js";

const TTL_MS = VERIFY_EMAIL_TTL_HOURS * 3_600_000;

export interface SignUpRequest {
  name: string;
  email: string;
  password: string;
}

/**
 * Sign-up when real email delivery is configured (docs/decisions.md, "Sign-up"): the caller is
 * answered at once, the same for every address, and the rest happens after the answer, so not
 * even the time taken differs. A new address gets a link that makes the account; the owner of an
 * existing one is told someone tried. Nothing is usable before the link is opened, so signing in
 * with the password just chosen cannot tell either whether the address was new.
 */
export function requestSignUpByEmail(deps: AppDeps, input: SignUpRequest, now = new Date()): void {
  deps.mailer.sendInBackground(async () => {
    const email = input.email.toLowerCase();
    const existing = await deps.repositories.localAccounts.findByEmail(email);
    if (existing) return signUpAttemptMail(deps.config, existing, `${deps.config.publicUrl}/login`);
    const token = randomToken();
    const passwordHash = await hashPassword(input.password, deps.config.auth.passwordHashCost);
    // Housekeeping where it costs nobody a wait: sign-ups whose link was never used.
    await deps.repositories.pendingSignUps.deleteExpired(now.toISOString());
    await deps.repositories.pendingSignUps.insert({
      tokenHash: hashToken(token),
      email,
      name: input.name,
      passwordHash: passwordHash,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + TTL_MS).toISOString(),
    });
    const link = `${deps.config.publicUrl}/verify-email?${new URLSearchParams({ token }).toString()}`;
    return verificationMail(deps.config, { email }, link, VERIFY_EMAIL_TTL_HOURS, true);
  });
}

/** Tells the owner of an existing address that someone tried to sign up with it, after the answer. */
export function notifySignUpAttempt(deps: AppDeps, account: LocalAccountRecord): void {
  deps.mailer.sendInBackground(signUpAttemptMail(deps.config, account, `${deps.config.publicUrl}/login`));
}

/**
 * Uses a sign-up's link, inside the caller's transaction: the account is made with the address
 * confirmed (the link arrived there), and the address's other waiting sign-ups go. Undefined when
 * the token is no sign-up's. Should the address have an account by now (another of its links was
 * used first), the link is spent.
 */
export async function finishPendingSignUp(
  repositories: Repositories,
  token: string,
  now = new Date(),
): Promise<LocalAccountRecord | undefined> {
  const pending = await repositories.pendingSignUps.take(hashToken(token));
  if (!pending) return undefined;
  if (Date.parse(pending.expiresAt) <= now.getTime()) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkExpired);
  const account: LocalAccountRecord = {
    id: randomUUID(),
    email: pending.email,
    name: pending.name,
    passwordHash: pending.passwordHash,
    emailVerifiedAt: now.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await repositories.localAccounts.insert(account))) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
  await repositories.pendingSignUps.deleteForEmail(pending.email);
  return account;
}

/** Whether sign-up goes through an emailed link: only where real mail delivery is configured. */
export function signUpByEmail(deps: AppDeps): boolean {
  return deps.config.mail.smtpUrl !== null;
}
