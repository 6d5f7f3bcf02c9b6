import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { parseTheme, resolveTheme, type Theme, THEME_STORAGE_KEY } from "../../domain/theme";

interface ThemeContextValue {
  preference: Theme;
  resolved: "light" | "dark";
  setPreference: (theme: Theme) => void;
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

function applyTheme(resolved: "light" | "dark") {
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

/**
 * Holds the theme preference (light, dark, system) saved under the key `theme`. theme-init.js has
 * already applied it before the first paint; this keeps it applied, follows the OS live while the
 * preference is "system", and keeps several open tabs in step.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<Theme>(readStoredTheme);
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
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const resolved = resolveTheme(preference, systemDark);
  useEffect(() => applyTheme(resolved), [resolved]);

  const setPreference = useCallback((theme: Theme) => {
    setPreferenceState(theme);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage blocked: the choice still applies for this visit.
    }
  }, []);

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside <ThemeProvider>");
  return context;
}
