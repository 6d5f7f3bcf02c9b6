import { THEME_STORAGE_KEY } from "../../domain/theme";
import { USER_CACHE_NAMES } from "../offline/cache-names";

/**
 * Forgets everything this app keeps in the browser but the theme, which belongs to the device,
 * and the app's own code (the service worker's precache, which holds nothing of the user): after
 * sign-out or account deletion, the next person at this computer finds nothing of ours.
 */
export async function clearLocalData(): Promise<void> {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  sessionStorage.clear();
  if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
  await Promise.allSettled([
    import("../offline/db").then((module) => module.clearOfflineData()),
    ...("caches" in window ? USER_CACHE_NAMES.map((name) => caches.delete(name)) : []),
  ]);
}
