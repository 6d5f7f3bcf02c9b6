import { RECENT_SIGN_IN_MINUTES } from "../../domain/account.js";
import type { Auth } from "../plugins/authentication.js";

/**
 * Deleting the account needs a browser session signed in within the last few minutes: neither
 * an API token nor a browser left signed in for weeks may do it.
 */
export function mayDeleteAccount(auth: Auth, now = new Date()): boolean {
  return auth.via === "session" && hasRecentSignIn(auth, now);
}

export function hasRecentSignIn(auth: Auth, now = new Date()): boolean {
  return auth.via === "session" && now.getTime() - Date.parse(auth.sessionCreatedAt) < RECENT_SIGN_IN_MINUTES * 60_000;
}
