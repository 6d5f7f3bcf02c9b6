import type { LinkedSignIn, SessionInfo } from "../../domain/account.js";
import type { SessionRow } from "../repositories/session-repository.js";
import type { UserRow } from "../repositories/user-repository.js";
import type { Issuers } from "../services/issuers.js";

/**
 * A session's public id is the hash it is stored under: it names the session without being able
 * to act as it (the cookie holds the secret the hash was made from), and it is only shown to its user.
 */
export function presentSession(row: SessionRow, currentIdHash: string | null, issuers: Issuers): SessionInfo {
  return {
    id: row.id_hash,
    current: row.id_hash === currentIdHash,
    signedInWith: issuers.find(row.issuer_id)?.name ?? row.issuer_id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

export function presentLinkedSignIn(user: UserRow, issuers: Issuers): LinkedSignIn {
  const entry = issuers.list().find((candidate) => sameIssuer(candidate.issuerUrl, user.issuer));
  return {
    issuerId: entry?.id ?? null,
    issuerName: entry?.name ?? new URL(user.issuer).host,
    issuerUrl: user.issuer,
    email: user.email,
    emailVerified: user.email_verified === 1,
    builtin: entry?.builtin ?? false,
  };
}

/** Discovery may add or drop a trailing slash; the issuer is the same. */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}
