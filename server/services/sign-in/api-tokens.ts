import { randomUUID } from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { ApiTokenScope } from "../../../domain/auth.js";
import type { User } from "../../repositories/user-repository.js";
import { hashToken, randomToken } from "../tokens.js";

/** A recognisable prefix lets secret scanners spot a leaked token. */
export const API_TOKEN_PREFIX = "tdm_";
const TOUCH_INTERVAL_MS = 60_000;

export interface CreatedApiToken {
  id: string;
  name: string;
  scope: ApiTokenScope;
  token: string;
  createdAt: string;
}

/** The token is returned here once and stored only as a hash. */
export async function createApiToken(
  deps: AppDeps,
  userId: string,
  name: string,
  scope: ApiTokenScope = "all",
  now = new Date(),
): Promise<CreatedApiToken> {
  const token = API_TOKEN_PREFIX + randomToken();
  const id = randomUUID();
  const createdAt = now.toISOString();
  await deps.repositories.apiTokens.insert({
    id,
    userId: userId,
    name,
    scope,
    tokenHash: hashToken(token),
    createdAt: createdAt,
    lastUsedAt: null,
  });
  return { id, name, scope, token, createdAt };
}

export async function resolveApiToken(
  deps: AppDeps,
  token: string,
  now = new Date(),
): Promise<{ tokenId: string; user: User; scope: ApiTokenScope } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const hash = hashToken(token);
  let found = deps.credentials.get(hash);
  if (found?.kind !== "token") {
    const generation = deps.credentials.generation;
    const row = await deps.repositories.apiTokens.findWithUser(hash);
    if (!row) return null;
    found = { kind: "token", credentialId: row.id, user: row.user, lastUsedAt: row.lastUsedAt, scope: row.scope };
    deps.credentials.set(hash, found, generation);
  }
  if (!found.lastUsedAt || now.getTime() - Date.parse(found.lastUsedAt) >= TOUCH_INTERVAL_MS) {
    await deps.repositories.apiTokens.touch(found.credentialId, now.toISOString());
    deps.credentials.touched(hash, now.toISOString());
  }
  return { tokenId: found.credentialId, user: found.user, scope: found.scope ?? "all" };
}

/** Revokes one of the user's tokens and closes the sockets it opened; another user's token is "not found". */
export async function revokeApiToken(deps: AppDeps, userId: string, tokenId: string): Promise<void> {
  if (!(await deps.repositories.apiTokens.deleteForUser(tokenId, userId))) throw new NotFoundError("Token not found");
  await deps.bus.publish({ kind: "close-token", tokenId, reason: "Token revoked" });
}
