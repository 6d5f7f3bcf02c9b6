import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { SessionRecord } from "../../repositories/session-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { hashToken, randomToken } from "../tokens.js";

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
    idHash: hashToken(token),
    userId,
    issuerId,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
    ipAddress: meta.ipAddress,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  idHash: string;
  /** When the user signed in: some actions need a recent sign-in. */
  createdAt: string;
  user: User;
}

/** The session's user, or null when the id is unknown, idle too long or past its absolute end. */
export async function resolveSession(deps: AppDeps, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const idHash = hashToken(token);
  let found = deps.credentials.get(idHash);
  if (found?.kind !== "session") {
    const generation = deps.credentials.generation;
    const row = await deps.repositories.sessions.findWithUser(idHash);
    if (!row) return null;
    found = {
      kind: "session",
      credentialId: idHash,
      user: row.user,
      lastUsedAt: row.lastSeenAt,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
    deps.credentials.set(idHash, found, generation);
  }
  const times = { lastSeenAt: found.lastUsedAt!, expiresAt: found.expiresAt! };
  if (!isLive(deps, times, now)) {
    deps.credentials.forgetSession(idHash);
    await deps.repositories.sessions.delete(idHash);
    await deps.repositories.pushSubscriptions.deleteForSession(idHash);
    return null;
  }
  if (now.getTime() - Date.parse(times.lastSeenAt) >= TOUCH_INTERVAL_MS) {
    await deps.repositories.sessions.touch(idHash, now.toISOString());
    deps.credentials.touched(idHash, now.toISOString());
  }
  return { idHash, createdAt: found.createdAt!, user: found.user };
}

function isLive(deps: AppDeps, times: { lastSeenAt: string; expiresAt: string }, now: Date): boolean {
  return (
    Date.parse(times.expiresAt) > now.getTime() &&
    Date.parse(times.lastSeenAt) + deps.config.auth.sessionIdleMs > now.getTime()
  );
}

/** Whether a session still works, without counting the question as activity (open sockets ask it). */
export async function isSessionAlive(deps: AppDeps, idHash: string, now = new Date()): Promise<boolean> {
  const times = await deps.repositories.sessions.findTimes(idHash);
  return times !== undefined && isLive(deps, { lastSeenAt: times.lastSeenAt, expiresAt: times.expiresAt }, now);
}

export function listSessions(deps: AppDeps, userId: string, now = new Date()): Promise<SessionRecord[]> {
  return deps.repositories.sessions.listLiveForUser(
    userId,
    now.toISOString(),
    new Date(now.getTime() - deps.config.auth.sessionIdleMs).toISOString(),
  );
}

/** Signs one of the user's browsers out, its open sockets too; another user's session is "not found". */
export async function revokeSession(deps: AppDeps, userId: string, idHash: string): Promise<void> {
  if (!(await deps.repositories.sessions.deleteForUser(idHash, userId))) throw new NotFoundError("Session not found");
  await deps.repositories.pushSubscriptions.deleteForSession(idHash);
  await deps.bus.publish({ kind: "close-session", idHash, reason: "Signed out" });
}

export async function endSession(deps: AppDeps, token: string): Promise<void> {
  const idHash = hashToken(token);
  await deps.repositories.sessions.delete(idHash);
  await deps.repositories.pushSubscriptions.deleteForSession(idHash);
  deps.credentials.forgetSession(idHash);
}
