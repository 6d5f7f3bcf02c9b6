import type { Me } from "../../domain/auth.js";
import type { ProfileRecord } from "../repositories/profile-repository.js";
import type { User } from "../repositories/user-repository.js";
import { avatarUrl } from "./profile.js";

/** The profile's display name wins over the issuer's name once the user has a profile. */
export function presentMe(user: User, profile: ProfileRecord | undefined): Me {
  return {
    id: user.id,
    name: profile?.displayName ?? user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
    avatarUrl: profile ? avatarUrl(profile) : null,
    locale: profile?.locale ?? null,
  };
}
