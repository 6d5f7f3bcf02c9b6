import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { GoneError } from "../../errors.js";
import type { AccountTokenPurpose, AccountTokenRecord } from "../../repositories/account-token-repository.js";
import type { Repositories } from "../../repositories/index.js";
import { hashToken, randomToken } from "../tokens.js";

/**
 * The emailed single-use links. Each function takes the repositories to work with, so a caller
 * can make it one step of its own transaction (see transaction.ts).
 */

/** A new single-use link secret for an account; only its hash is stored. */
export async function issueAccountToken(
  { accountTokens }: Repositories,
  accountId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  // Housekeeping where it costs nobody a wait: links nobody used.
  await accountTokens.deleteExpired(now.toISOString());
  const token = randomToken();
  await accountTokens.insert({
    tokenHash: hashToken(token),
    accountId: accountId,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  });
  return token;
}

function checkUsable(row: AccountTokenRecord | undefined, now: Date): AccountTokenRecord {
  if (!row) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkInvalid);
  if (Date.parse(row.expiresAt) <= now.getTime()) throw new GoneError(ACCOUNT_EMAIL_MESSAGES.linkExpired);
  return row;
}

/** The link's row without using it up (to show the reset form), or GoneError. */
export async function peekAccountToken(
  { accountTokens }: Repositories,
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<AccountTokenRecord> {
  return checkUsable(await accountTokens.find(hashToken(token), purpose), now);
}

/**
 * Uses the link up: of two requests with the same link only one gets its row, the other
 * GoneError. The error is meant to roll the caller's transaction back, so an expired link
 * stays until housekeeping removes it and keeps saying "expired" rather than "not valid".
 */
export async function redeemAccountToken(
  { accountTokens }: Repositories,
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<AccountTokenRecord> {
  return checkUsable(await accountTokens.take(hashToken(token), purpose), now);
}
