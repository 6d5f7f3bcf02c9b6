import type { User } from "../repositories/user-repository.js";
import { isInstanceAdmin } from "./instance.js";

/**
 * The local outbox holds other people's emails (reset links among them): only instance admins
 * read it. Everyone else is answered as if it did not exist (404), like any object they may not see.
 */
export function canReadOutbox(user: User): boolean {
  return isInstanceAdmin(user);
}
