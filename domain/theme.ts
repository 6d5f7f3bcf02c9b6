export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The default follows the system's light or dark setting. */
export const DEFAULT_THEME: Theme = "system";

/** The local-storage key the theme is kept under (read before the first paint by web/public/theme-init.js). */
export const THEME_STORAGE_KEY = "theme";

/**
 * When the theme under THEME_STORAGE_KEY was chosen (ISO time), on this device or on the account
 * it was taken from; absent when nobody chose it (the default) or before this key existed.
 */
export const THEME_CHOSEN_AT_KEY = "themeChosenAt";

/**
 * Whether a theme chosen at `choiceAt` is newer than the account's, chosen at `accountAt` (null:
 * never chosen, or by a version that kept no time). The newest choice wins on every device:
 * a device opened after a while must not bring back the theme it had.
 */
export function isNewerThemeChoice(choiceAt: string | null, accountAt: string | null): boolean {
  if (choiceAt === null || Number.isNaN(Date.parse(choiceAt))) return false;
  return accountAt === null || Date.parse(choiceAt) > Date.parse(accountAt);
}

export function parseTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : DEFAULT_THEME;
}

/** What the page actually shows for a preference, given whether the OS prefers dark. */
export function resolveTheme(preference: Theme, systemPrefersDark: boolean): "light" | "dark" {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}
