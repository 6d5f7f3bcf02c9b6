import type { Me } from "../../domain/auth.js";
import type { ProfileRow } from "../repositories/profile-repository.js";
import type { UserRow } from "../repositories/user-repository.js";
import { avatarUrl } from "./profile.js";

/** The profile's display name wins over the issuer's name once the user has a profile. */
export function presentMe(user: UserRow, profile: ProfileRow | undefined): Me {
  return {
    id: user.id,
    name: profile?.display_name ?? user.name,
    email: user.email,
    emailVerified: user.email_verified === 1,
    isAdmin: user.is_admin === 1,
    avatarUrl: profile ? avatarUrl(profile) : null,
    locale: profile?.locale ?? null,
  };
}
