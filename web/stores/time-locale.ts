import { FALLBACK_TIME_LOCALE } from "../../domain/time-format";

/**
 * The locale the app writes times and dates in: the signed-in user's profile language, which
 * emails and push messages use too, else the browser's. Kept here (use-me.ts sets it whenever it
 * learns who is signed in) so plain functions can read it without React.
 */
let profileLocale: string | null = null;

export function setProfileLocale(locale: string | null | undefined): void {
  profileLocale = locale ?? null;
}

export function browserLocale(): string {
  return typeof navigator === "undefined" ? FALLBACK_TIME_LOCALE : navigator.language || FALLBACK_TIME_LOCALE;
}

export function appTimeLocale(): string {
  return profileLocale ?? browserLocale();
}
