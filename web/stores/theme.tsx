import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { parseTheme, resolveTheme, type Theme, THEME_CHOSEN_AT_KEY, THEME_STORAGE_KEY } from "../../domain/theme";

interface ThemeContextValue {
  preference: Theme;
  /** When the preference was chosen (ISO); null: never chosen here, nor taken from an account with a time. */
  chosenAt: string | null;
  resolved: "light" | "dark";
  /** A choice made on this device now (the header switch, the settings cards). */
  setPreference: (theme: Theme) => void;
  /** The account's theme, with the time it was chosen there (useThemeSync). */
  adopt: (theme: Theme, chosenAt: string | null) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");
/** Rendered at build time (scripts/prerender.ts): no window, the defaults. */
const inBrowser = typeof window !== "undefined";

function readStoredTheme(): Theme {
  if (!inBrowser) return parseTheme(null);
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return parseTheme(null);
  }
}

function readChosenAt(): string | null {
  if (!inBrowser) return null;
  try {
    return window.localStorage.getItem(THEME_CHOSEN_AT_KEY);
  } catch {
    return null;
  }
}

function store(theme: Theme, chosenAt: string | null) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    if (chosenAt === null) window.localStorage.removeItem(THEME_CHOSEN_AT_KEY);
    else window.localStorage.setItem(THEME_CHOSEN_AT_KEY, chosenAt);
  } catch {
    // Storage blocked: the choice still applies for this visit.
  }
}

function applyTheme(resolved: "light" | "dark") {
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

/**
 * Holds the theme preference (light, dark, system) saved under the key `theme`, and when it was
 * chosen (`themeChosenAt`, for useThemeSync: the newest choice wins). theme-init.js has already
 * applied it before the first paint; this keeps it applied, follows the OS live while the
 * preference is "system", and keeps several open tabs in step.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<Theme>(readStoredTheme);
  const [chosenAt, setChosenAt] = useState<string | null>(readChosenAt);
  const [systemDark, setSystemDark] = useState(() => inBrowser && darkQuery().matches);

  useEffect(() => {
    const query = darkQuery();
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setPreferenceState(parseTheme(event.newValue));
      if (event.key === THEME_CHOSEN_AT_KEY) setChosenAt(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const resolved = resolveTheme(preference, systemDark);
  useEffect(() => applyTheme(resolved), [resolved]);

  const adopt = useCallback((theme: Theme, at: string | null) => {
    setPreferenceState(theme);
    setChosenAt(at);
    store(theme, at);
  }, []);
  const setPreference = useCallback((theme: Theme) => adopt(theme, new Date().toISOString()), [adopt]);

  const value = useMemo(
    () => ({ preference, chosenAt, resolved, setPreference, adopt }),
    [preference, chosenAt, resolved, setPreference, adopt],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside <ThemeProvider>");
  return context;
}
