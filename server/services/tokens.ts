import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session ids, API tokens, emailed links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * What we store instead of a bearer secret. A plain SHA-256 is enough: the input is 256 random
 * bits, so there is nothing to guess and no need for a slow hash; a leaked table gives no sessions.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
