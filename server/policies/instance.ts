import type { User } from "../repositories/user-repository.js";

/**
 * Instance admins run the instance: they read the local outbox (other people's emails, reset
 * links among them), the metrics and the admin pages. Who is one is decided at each sign-in
 * (services/sign-in/sign-in.ts: the first account, ADMIN_EMAILS, the issuer's admin group) and stored
 * on the user.
 */
export function isInstanceAdmin(user: User): boolean {
  return user.isAdmin;
}
