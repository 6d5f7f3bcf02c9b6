import { THEME_STORAGE_KEY } from "../../domain/theme";

/**
 * Forgets everything this app keeps in the browser but the theme, which belongs to the device:
 * after sign-out or account deletion, the next person at this computer finds nothing of ours.
 */
export function clearLocalData(): void {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  sessionStorage.clear();
  if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
}
