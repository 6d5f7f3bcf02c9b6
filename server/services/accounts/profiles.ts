import sharp from "sharp";
import { MESSAGES } from "../../../domain/errors.js";
import { personalGroupName } from "../../../domain/groups.js";
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  AVATAR_TYPES,
  type Profile,
  type PublicProfile,
  type UpdateProfile,
} from "../../../domain/profiles.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";
import { maySeeProfile } from "../../policies/profiles.js";
import type { Me } from "../../../domain/auth.js";
import { presentMe } from "../../presenters/me.js";
import { presentProfile, presentPublicProfile } from "../../presenters/profile.js";
import type { ProfileRecord } from "../../repositories/profile-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { inTransaction } from "../transaction.js";

/** sharp's names of the formats of AVATAR_TYPES ("image/jpeg" -> "jpeg"). */
const ACCEPTED_FORMATS = new Set<string>(AVATAR_TYPES.map((type) => type.slice("image/".length)));
/** Refuses decompression bombs: a small file that decodes to an enormous bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

async function ownProfileRow(deps: AppDeps, userId: string): Promise<ProfileRecord> {
  const row = await deps.repositories.profiles.find(userId);
  if (!row) throw new NotFoundError(MESSAGES.profileNotFound);
  return row;
}

export async function getOwnProfile(deps: AppDeps, user: User): Promise<Profile> {
  return presentProfile(await ownProfileRow(deps, user.id), user.email);
}

/** The profile row if the viewer may see it (policies/profiles.ts), else "Profile not found". */
async function visibleProfileRow(deps: AppDeps, viewer: User, userId: string): Promise<ProfileRecord> {
  const shareAGroup = userId !== viewer.id && (await deps.repositories.groups.shareAGroup(viewer.id, userId));
  const row = maySeeProfile(viewer.id, userId, shareAGroup) ? await deps.repositories.profiles.find(userId) : undefined;
  if (!row) throw new NotFoundError(MESSAGES.profileNotFound);
  return row;
}

/** The whole profile for its user, name and avatar for a member of a shared group, otherwise 404. */
export async function getProfile(deps: AppDeps, viewer: User, userId: string): Promise<Profile | PublicProfile> {
  const row = await visibleProfileRow(deps, viewer, userId);
  return userId === viewer.id ? presentProfile(row, viewer.email) : presentPublicProfile(row);
}

/**
 * Saves the changes; a new display name also renames the personal group when it still has the
 * name made from the old one ("Ada's Task Manager"), so a user who renamed it keeps their choice.
 */
export async function updateProfile(deps: AppDeps, user: User, changes: UpdateProfile): Promise<Profile> {
  const before = await ownProfileRow(deps, user.id);
  const now = new Date().toISOString();
  await inTransaction(deps, async ({ profiles, groups }) => {
    await profiles.update(
      user.id,
      {
        ...(changes.displayName !== undefined && { displayName: changes.displayName }),
        ...(changes.timeZone !== undefined && { timeZone: changes.timeZone }),
        ...(changes.locale !== undefined && { locale: changes.locale }),
      },
      now,
    );
    const personal = changes.displayName === undefined ? undefined : await groups.findPersonal(user.id);
    if (personal && changes.displayName && personal.name === personalGroupName(before.displayName)) {
      await groups.rename(personal.id, personalGroupName(changes.displayName), now);
    }
  });
  return getOwnProfile(deps, user);
}

/**
 * Decodes the upload and stores a fresh WebP square: whatever the bytes claimed to be, what we
 * serve is an image we encoded ourselves, without the original's metadata (camera, GPS position).
 */
export async function setAvatar(deps: AppDeps, user: User, upload: Buffer): Promise<Profile> {
  if (upload.length > AVATAR_MAX_BYTES) throw new PayloadTooLargeError(MESSAGES.fileTooLarge);
  await ownProfileRow(deps, user.id);
  let encoded: Buffer;
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedMediaTypeError(MESSAGES.invalidFileType);
    encoded = await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof UnsupportedMediaTypeError) throw error;
    throw new UnsupportedMediaTypeError(MESSAGES.invalidFileType);
  }
  const now = new Date().toISOString();
  await inTransaction(deps, async ({ profiles }) => {
    await profiles.upsertAvatar(user.id, "image/webp", encoded, now);
    await profiles.setAvatarTime(user.id, now, now);
  });
  return getOwnProfile(deps, user);
}

export async function removeAvatar(deps: AppDeps, user: User): Promise<Profile> {
  await ownProfileRow(deps, user.id);
  await inTransaction(deps, async ({ profiles }) => {
    await profiles.deleteAvatar(user.id);
    await profiles.setAvatarTime(user.id, null, new Date().toISOString());
  });
  return getOwnProfile(deps, user);
}

/** The avatar bytes under the same rule as the profile itself. */
export async function getAvatar(
  deps: AppDeps,
  viewer: User,
  userId: string,
): Promise<{ contentType: string; data: Buffer; updatedAt: string }> {
  await visibleProfileRow(deps, viewer, userId);
  const avatar = await deps.repositories.profiles.findAvatar(userId);
  if (!avatar) throw new NotFoundError(MESSAGES.profileNotFound);
  return avatar;
}

/** The signed-in user as the app shows them: the profile's name and avatar over the issuer's. */
export async function describeMe(deps: AppDeps, user: User): Promise<Me> {
  return presentMe(user, await deps.repositories.profiles.find(user.id));
}
