import { randomUUID } from "node:crypto";
import { AUTH_MESSAGES } from "../../domain/auth.js";
import { passwordStrength } from "../../domain/password.js";
import type { AppDeps } from "../deps.js";
import { ConflictError, UnauthorizedError, ValidationError } from "../errors.js";
import type { LocalAccountRow } from "../repositories/local-account-repository.js";
import { sendVerificationInBackground } from "./email-verification.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";

export interface SignUp {
  name: string;
  email: string;
  password: string;
}

/** A new account of the built-in provider; its email is unverified until the emailed link is used. */
export async function signUp(deps: AppDeps, input: SignUp, now = new Date()): Promise<LocalAccountRow> {
  const strength = passwordStrength(input.password, [input.name, input.email]);
  if (!strength.acceptable) throw new ValidationError(`This password is too easy to guess. ${strength.advice}`);
  const row = {
    id: randomUUID(),
    email: input.email.toLowerCase(),
    name: input.name,
    password_hash: await hashPassword(input.password),
    email_verified_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  if (!(await deps.repositories.localAccounts.insert(row))) throw new ConflictError(AUTH_MESSAGES.emailTaken);
  sendVerificationInBackground(deps, row, now);
  return row;
}

/** The account for these credentials; a wrong email and a wrong password look and take the same. */
export async function authenticate(deps: AppDeps, email: string, password: string): Promise<LocalAccountRow> {
  const account = await deps.repositories.localAccounts.findByEmail(email);
  const valid = account ? await verifyPassword(password, account.password_hash) : await verifyAgainstDummy(password);
  if (!account || !valid) throw new UnauthorizedError(AUTH_MESSAGES.wrongCredentials);
  return account;
}
