/**
 * The visitor's choices on /cookie-settings. The only optional storage Tandem has is
 * the offline app for someone who is not signed in: its service worker and the ~1 MB of the
 * app's files it keeps. It waits for this consent; for a signed-in user it is part of the app
 * they use (their edits are kept offline), so it needs none. The record itself is necessary:
 * without it the choice could not be kept.
 */
export const CONSENT_STORAGE_KEY = "cookieConsent";

export interface Consent {
  offlineApp: boolean;
  decidedAt: string;
}

export function readConsent(): Consent | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null") as Consent | null;
    return stored && typeof stored.offlineApp === "boolean" ? stored : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: Pick<Consent, "offlineApp">): Consent {
  const consent = { ...choice, decidedAt: new Date().toISOString() };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage blocked: the choice holds for this visit only.
  }
  return consent;
}
