import { randomUUID } from "node:crypto";
import { AUTH_MESSAGES } from "../../../domain/auth.js";
import { passwordStrength } from "../../../domain/password.js";
import type { AppDeps } from "../../deps.js";
import { UnauthorizedError, ValidationError } from "../../errors.js";
import type { LocalAccountRecord } from "../../repositories/local-account-repository.js";
import { sendVerificationInBackground } from "./email-verification.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { notifySignUpAttempt, requestSignUpByEmail, signUpByEmail } from "./pending-sign-ups.js";

export interface SignUp {
  name: string;
  email: string;
  password: string;
}

/** What a sign-up came to: signed in as an account, or "check your email" (with real email delivery). */
export type SignUpOutcome = { kind: "signed-in"; account: LocalAccountRecord } | { kind: "emailed" };

/**
 * A new account of the built-in provider. No answer says that an address already has an account
 * (docs/decisions.md, "Sign-up"). With real email delivery, every sign-up answers
 * "check your email" and the emailed link makes the account. Without it (the local outbox) a
 * new address signs in at once, its email unverified until the link is used, and an existing
 * address is taken as a sign-in to it: the right password signs in, a wrong one gets the sign-in's
 * own answer, and the owner is told someone tried.
 */
export async function signUp(deps: AppDeps, input: SignUp, now = new Date()): Promise<SignUpOutcome> {
  const strength = passwordStrength(input.password, [input.name, input.email]);
  if (!strength.acceptable) throw new ValidationError(`This password is too easy to guess. ${strength.advice}`);
  if (signUpByEmail(deps)) {
    requestSignUpByEmail(deps, input, now);
    return { kind: "emailed" };
  }
  const account: LocalAccountRecord = {
    id: randomUUID(),
    email: input.email.toLowerCase(),
    name: input.name,
    passwordHash: await hashPassword(input.password, deps.config.auth.passwordHashCost),
    emailVerifiedAt: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (await deps.repositories.localAccounts.insert(account)) {
    sendVerificationInBackground(deps, account, now);
    return { kind: "signed-in", account };
  }
  const existing = await deps.repositories.localAccounts.findByEmail(account.email);
  if (existing && (await verifyPassword(input.password, existing.passwordHash))) {
    return { kind: "signed-in", account: existing };
  }
  if (existing) notifySignUpAttempt(deps, existing);
  throw new UnauthorizedError(AUTH_MESSAGES.wrongCredentials);
}

/** The account for these credentials; a wrong email and a wrong password look and take the same. */
export async function authenticate(deps: AppDeps, email: string, password: string): Promise<LocalAccountRecord> {
  const account = await deps.repositories.localAccounts.findByEmail(email);
  const valid = account
    ? await verifyPassword(password, account.passwordHash)
    : await verifyAgainstDummy(password, deps.config.auth.passwordHashCost);
  if (!account || !valid) throw new UnauthorizedError(AUTH_MESSAGES.wrongCredentials);
  return account;
}
