import type { AppDeps } from "../deps.js";
import type { UserRow } from "../repositories/user-repository.js";
import { hashToken, randomToken } from "./tokens.js";

/** `__Host-` pins the cookie to this exact host and path / over HTTPS; browsers refuse it over HTTP. */
export function sessionCookieName(https: boolean): string {
  return https ? "__Host-tandem_session" : "tandem_session";
}

/** Written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ClientMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/** A new session with a new random id: signing in never reuses an id a visitor brought along. */
export async function startSession(
  deps: AppDeps,
  userId: string,
  issuerId: string,
  meta: ClientMeta,
  now = new Date(),
): Promise<StartedSession> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + deps.config.auth.sessionMaxMs);
  await deps.repositories.sessions.insert({
    id_hash: hashToken(token),
    user_id: userId,
    issuer_id: issuerId,
    user_agent: meta.userAgent?.slice(0, 400) ?? null,
    ip_address: meta.ipAddress,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  idHash: string;
  user: UserRow;
}

/** The session's user, or null when the id is unknown, idle too long or past its absolute end. */
export async function resolveSession(deps: AppDeps, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const idHash = hashToken(token);
  const found = await deps.repositories.sessions.findWithUser(idHash);
  if (!found) return null;
  const lastSeen = Date.parse(found.lastSeenAt);
  if (Date.parse(found.expiresAt) <= now.getTime() || lastSeen + deps.config.auth.sessionIdleMs <= now.getTime()) {
    await deps.repositories.sessions.delete(idHash);
    return null;
  }
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) await deps.repositories.sessions.touch(idHash, now.toISOString());
  return { idHash, user: found.user };
}

export async function endSession(deps: AppDeps, token: string): Promise<void> {
  await deps.repositories.sessions.delete(hashToken(token));
}
