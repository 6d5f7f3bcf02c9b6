import type { Profile, PublicProfile } from "../../domain/profiles.js";
import type { ProfileRow } from "../repositories/profile-repository.js";

/** Versioned by the avatar's time, so a browser may cache one version for good. */
export function avatarUrl(row: Pick<ProfileRow, "user_id" | "avatar_updated_at">): string | null {
  if (!row.avatar_updated_at) return null;
  return `/api/profiles/${encodeURIComponent(row.user_id)}/avatar?v=${Date.parse(row.avatar_updated_at)}`;
}

export function presentProfile(row: ProfileRow, email: string | null): Profile {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    email,
    avatarUrl: avatarUrl(row),
    timeZone: row.time_zone,
    locale: row.locale,
  };
}

export function presentPublicProfile(row: ProfileRow): PublicProfile {
  return { userId: row.user_id, displayName: row.display_name, avatarUrl: avatarUrl(row) };
}
