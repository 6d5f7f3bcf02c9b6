import sharp from "sharp";
import { MESSAGES } from "../../domain/errors.js";
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  type Profile,
  type PublicProfile,
  type UpdateProfile,
} from "../../domain/profiles.js";
import type { AppDeps } from "../deps.js";
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../errors.js";
import { profileView } from "../policies/profiles.js";
import { presentProfile, presentPublicProfile } from "../presenters/profile.js";
import type { ProfileRow } from "../repositories/profile-repository.js";
import type { UserRow } from "../repositories/user-repository.js";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** Refuses decompression bombs: a small file that decodes to an enormous bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

async function ownProfileRow(deps: AppDeps, userId: string): Promise<ProfileRow> {
  const row = await deps.repositories.profiles.find(userId);
  if (!row) throw new NotFoundError(MESSAGES.profileNotFound);
  return row;
}

export async function getOwnProfile(deps: AppDeps, user: UserRow): Promise<Profile> {
  return presentProfile(await ownProfileRow(deps, user.id), user.email);
}

/** The whole profile for its user, name and avatar for a member of a shared group, otherwise 404. */
export async function getProfile(deps: AppDeps, viewer: UserRow, userId: string): Promise<Profile | PublicProfile> {
  if (userId === viewer.id) return getOwnProfile(deps, viewer);
  const view = profileView(viewer.id, userId, await deps.repositories.groups.shareAGroup(viewer.id, userId));
  const row = view === "none" ? undefined : await deps.repositories.profiles.find(userId);
  if (!row) throw new NotFoundError(MESSAGES.profileNotFound);
  return presentPublicProfile(row);
}

export async function updateProfile(deps: AppDeps, user: UserRow, changes: UpdateProfile): Promise<Profile> {
  await ownProfileRow(deps, user.id);
  await deps.repositories.profiles.update(
    user.id,
    {
      ...(changes.displayName !== undefined && { display_name: changes.displayName }),
      ...(changes.timeZone !== undefined && { time_zone: changes.timeZone }),
      ...(changes.locale !== undefined && { locale: changes.locale }),
    },
    new Date().toISOString(),
  );
  return getOwnProfile(deps, user);
}

/**
 * Decodes the upload and stores a fresh WebP square: whatever the bytes claimed to be, what we
 * serve is an image we encoded ourselves, without the original's metadata (camera, GPS position).
 */
export async function setAvatar(deps: AppDeps, user: UserRow, upload: Buffer): Promise<Profile> {
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
  await deps.repositories.profiles.setAvatar(user.id, "image/webp", encoded, new Date().toISOString());
  return getOwnProfile(deps, user);
}

export async function removeAvatar(deps: AppDeps, user: UserRow): Promise<Profile> {
  await ownProfileRow(deps, user.id);
  await deps.repositories.profiles.deleteAvatar(user.id, new Date().toISOString());
  return getOwnProfile(deps, user);
}

/** The avatar bytes under the same rule as the profile itself. */
export async function getAvatar(
  deps: AppDeps,
  viewer: UserRow,
  userId: string,
): Promise<{ contentType: string; data: Buffer; updatedAt: string }> {
  const visible =
    userId === viewer.id ||
    profileView(viewer.id, userId, await deps.repositories.groups.shareAGroup(viewer.id, userId)) !== "none";
  const avatar = visible ? await deps.repositories.profiles.findAvatar(userId) : undefined;
  if (!avatar) throw new NotFoundError(MESSAGES.profileNotFound);
  return { contentType: avatar.content_type, data: avatar.data, updatedAt: avatar.updated_at };
}
