import { z } from "zod";
import { storableText } from "./fields.js";

export const DISPLAY_NAME_MAX_LENGTH = 100;
/** Uploads larger than this are refused before decoding ("File too large"). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are stored re-encoded as a square of this many pixels. */
export const AVATAR_SIZE = 256;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const timeZoneSchema = storableText().max(64).refine(isTimeZone, "Unknown time zone");
export const localeSchema = storableText().max(35).refine(isLocale, "Unknown language tag");

/** What the user sees and edits of their own profile. */
export const profileSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** IANA name; null until the user's device reports one. */
  timeZone: z.string().nullable(),
  locale: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What members of a shared group see of each other: name and avatar only. */
export const publicProfileSchema = profileSchema.pick({ userId: true, displayName: true, avatarUrl: true });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const updateProfileSchema = z
  .object({
    displayName: storableText()
      .trim()
      .min(1, "Enter a display name")
      .max(DISPLAY_NAME_MAX_LENGTH, `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
    timeZone: timeZoneSchema.nullable(),
    locale: localeSchema.nullable(),
  })
  .partial();
export type UpdateProfile = z.infer<typeof updateProfileSchema>;
