import { THEME_STORAGE_KEY } from "../../domain/theme";
import { CONSENT_STORAGE_KEY } from "./consent";
import { USER_CACHE_NAMES } from "../offline/cache-names";

/**
 * Forgets everything this app keeps in the browser but the theme, which belongs to the device,
 * and the app's own code (the service worker's precache, which holds nothing of the user): after
 * sign-out or account deletion, the next person at this computer finds nothing of ours.
 */
export async function clearLocalData(): Promise<void> {
  // First: a save that was due, or a refetch answering after the session ended, would otherwise
  // write the user's lists back after they were cleared.
  await import("../offline/persist").then((module) => module.stopKeepingQueryCache()).catch(() => undefined);
  // The device's own choices stay: its theme and what the visitor consented to.
  const kept = [THEME_STORAGE_KEY, CONSENT_STORAGE_KEY].map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  await Promise.allSettled([
    import("../offline/db").then((module) => module.clearOfflineData()),
    ...("caches" in window ? USER_CACHE_NAMES.map((name) => caches.delete(name)) : []),
  ]);
}
