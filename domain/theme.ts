export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** DESIGN.md §5: the default is the system theme. */
export const DEFAULT_THEME: Theme = "system";

/** The local-storage key of the spec (§9: "preference stored under a theme key"). */
export const THEME_STORAGE_KEY = "theme";

export function parseTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : DEFAULT_THEME;
}

/** What the page actually shows for a preference, given whether the OS prefers dark. */
export function resolveTheme(preference: Theme, systemPrefersDark: boolean): "light" | "dark" {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}
