import { ACCOUNT_EMAIL_MESSAGES } from "../../domain/account-email-messages.js";
import type { AppDeps } from "../deps.js";
import { AppError } from "../errors.js";
import type { AccountTokenPurpose, AccountTokenRow } from "../repositories/account-token-repository.js";
import { hashToken, randomToken } from "./tokens.js";

/** A used, unknown or expired emailed link: 410, with a message that says what to do. */
export class LinkGoneError extends AppError {
  constructor(message: string) {
    super("gone", message);
  }
}

export class TooManyEmailsError extends AppError {
  constructor() {
    super("rate_limited", ACCOUNT_EMAIL_MESSAGES.tooManyEmails);
  }
}

/** A new single-use link secret for an account; only its hash is stored. */
export async function issueAccountToken(
  deps: AppDeps,
  accountId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const tokens = deps.repositories.accountTokens;
  // Housekeeping where it costs nobody a wait: links nobody used.
  await tokens.deleteExpired(now.toISOString());
  const token = randomToken();
  await tokens.insert({
    token_hash: hashToken(token),
    account_id: accountId,
    purpose,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
  });
  return token;
}

function checkUsable(row: AccountTokenRow | undefined, now: Date): AccountTokenRow {
  if (!row) throw new LinkGoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
  if (Date.parse(row.expires_at) <= now.getTime()) throw new LinkGoneError(ACCOUNT_EMAIL_MESSAGES.linkExpired);
  return row;
}

/** The link's row without using it up (to show the reset form), or LinkGoneError. */
export async function peekAccountToken(
  deps: AppDeps,
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<AccountTokenRow> {
  return checkUsable(await deps.repositories.accountTokens.find(hashToken(token), purpose), now);
}

/** Uses the link up: of two requests with the same link only one succeeds; an expired link is removed. */
export async function redeemAccountToken(
  deps: AppDeps,
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<AccountTokenRow> {
  return checkUsable(await deps.repositories.accountTokens.take(hashToken(token), purpose), now);
}
