import { randomUUID } from "node:crypto";
import type { AppDeps } from "../deps.js";
import type { UserRow } from "../repositories/user-repository.js";
import { hashToken, randomToken } from "./tokens.js";

/** A recognisable prefix lets secret scanners spot a leaked token. */
export const API_TOKEN_PREFIX = "tdm_";
const TOUCH_INTERVAL_MS = 60_000;

export interface CreatedApiToken {
  id: string;
  name: string;
  token: string;
  createdAt: string;
}

/** The token is returned here once and stored only as a hash. */
export async function createApiToken(
  deps: AppDeps,
  userId: string,
  name: string,
  now = new Date(),
): Promise<CreatedApiToken> {
  const token = API_TOKEN_PREFIX + randomToken();
  const id = randomUUID();
  const createdAt = now.toISOString();
  await deps.repositories.apiTokens.insert({
    id,
    user_id: userId,
    name,
    token_hash: hashToken(token),
    created_at: createdAt,
    last_used_at: null,
  });
  return { id, name, token, createdAt };
}

export async function resolveApiToken(
  deps: AppDeps,
  token: string,
  now = new Date(),
): Promise<{ tokenId: string; user: UserRow } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const row = await deps.repositories.apiTokens.findByHash(hashToken(token));
  if (!row) return null;
  const user = await deps.repositories.users.findById(row.user_id);
  if (!user) return null;
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    await deps.repositories.apiTokens.touch(row.id, now.toISOString());
  }
  return { tokenId: row.id, user };
}
