import type { Profile, PublicProfile } from "../../domain/profiles.js";
import type { ProfileRecord } from "../repositories/profile-repository.js";

/** Versioned by the avatar's time, so a browser may cache one version for good. */
export function avatarUrl(profile: Pick<ProfileRecord, "userId" | "avatarUpdatedAt">): string | null {
  if (!profile.avatarUpdatedAt) return null;
  return `/api/profiles/${encodeURIComponent(profile.userId)}/avatar?v=${Date.parse(profile.avatarUpdatedAt)}`;
}

export function presentProfile(profile: ProfileRecord, email: string | null): Profile {
  return {
    userId: profile.userId,
    displayName: profile.displayName,
    email,
    avatarUrl: avatarUrl(profile),
    timeZone: profile.timeZone,
    locale: profile.locale,
  };
}

export function presentPublicProfile(profile: ProfileRecord): PublicProfile {
  return { userId: profile.userId, displayName: profile.displayName, avatarUrl: avatarUrl(profile) };
}
