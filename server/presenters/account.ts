import type { LinkedSignIn, SessionInfo } from "../../domain/account.js";
import type { SessionRecord } from "../repositories/session-repository.js";
import type { User } from "../repositories/user-repository.js";
import type { Issuers } from "../services/sign-in/issuers.js";

/**
 * A session's public id is the hash it is stored under: it names the session without being able
 * to act as it (the cookie holds the secret the hash was made from), and it is only shown to its user.
 */
export function presentSession(row: SessionRecord, currentIdHash: string | null, issuers: Issuers): SessionInfo {
  return {
    id: row.idHash,
    current: row.idHash === currentIdHash,
    signedInWith: issuers.find(row.issuerId)?.name ?? row.issuerId,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  };
}

export function presentLinkedSignIn(user: User, issuers: Issuers): LinkedSignIn {
  const entry = issuers.list().find((candidate) => sameIssuer(candidate.issuerUrl, user.issuer));
  return {
    issuerId: entry?.id ?? null,
    issuerName: entry?.name ?? new URL(user.issuer).host,
    issuerUrl: user.issuer,
    email: user.email,
    emailVerified: user.emailVerified,
    builtin: entry?.builtin ?? false,
  };
}

/** Discovery may add or drop a trailing slash; the issuer is the same. */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}
