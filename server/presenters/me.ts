import type { Me } from "../../domain/auth.js";
import type { UserRow } from "../repositories/user-repository.js";

export function presentMe(user: UserRow): Me {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.email_verified === 1,
    isAdmin: user.is_admin === 1,
  };
}
