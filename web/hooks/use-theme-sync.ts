import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { Settings } from "../../domain/settings";
import { DEFAULT_THEME, type Theme } from "../../domain/theme";
import { useTheme } from "../stores/theme";
import { getSettings, settingsKeys } from "../api/settings";
import { updateSettings } from "./use-settings";
import { useMe } from "./use-me";

/**
 * Marks that this browser has taken the account's theme once (cleared with the rest at sign-out).
 * Until then the account may still have the default only because nobody ever chose one.
 */
const ADOPTED_KEY = "themeSyncedFor";

function adoptedBy(userId: string): boolean {
  try {
    return localStorage.getItem(ADOPTED_KEY) === userId;
  } catch {
    return true;
  }
}

function markAdopted(userId: string): void {
  try {
    localStorage.setItem(ADOPTED_KEY, userId);
  } catch {
    // Storage refused: the next load asks the same question again, which is harmless.
  }
}

/**
 * DESIGN.md §5: the theme belongs to the device (key `theme`, applied before the first paint) and,
 * signed in, also to the account. A theme chosen here (header switch, settings, another tab) is
 * saved to the account; a change saved elsewhere arrives as settings.changed and is applied here.
 * A choice that could not be saved (offline) wins over the older synced value once it can be.
 */
export function useThemeSync(): void {
  const me = useMe();
  const userId = me?.id;
  const client = useQueryClient();
  const { preference, setPreference } = useTheme();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, enabled: Boolean(userId) });
  // Settings restored from this device and being refreshed may be older than the theme this
  // device already shows: wait for the server's answer (offline, the restored ones count).
  const refreshing = query.isStale && query.isFetching;
  const synced = userId && !refreshing ? query.data?.theme : undefined;
  /** The account's theme as this tab last handled it. */
  const handled = useRef<Theme | undefined>(undefined);
  /** A choice made here that the server has not taken yet. */
  const unsaved = useRef<Theme | undefined>(undefined);

  const save = useCallback(
    (theme: Theme) => {
      unsaved.current = theme;
      handled.current = theme;
      client.setQueryData<Settings>(settingsKeys.all, (old) => old && { ...old, theme });
      updateSettings({ theme }).then(
        (saved) => {
          // Saved, or queued (null): the queue sends it, and the settings sync back then.
          if (unsaved.current === theme) unsaved.current = undefined;
          if (saved) client.setQueryData(settingsKeys.all, saved);
        },
        () => {
          // Refused: the device keeps it; the next synced value tries again.
        },
      );
    },
    [client],
  );

  useEffect(() => {
    if (!userId) {
      handled.current = undefined;
      return;
    }
    if (synced === undefined || synced === handled.current) return;
    const first = handled.current === undefined;
    handled.current = synced;

    if (unsaved.current !== undefined && unsaved.current !== synced) {
      save(unsaved.current);
    } else if (first && !adoptedBy(userId) && synced === DEFAULT_THEME && preference !== DEFAULT_THEME) {
      // This browser chose a theme before the account had one: keep it and make it the account's.
      save(preference);
    } else if (synced !== preference) {
      setPreference(synced);
    }
    markAdopted(userId);
  }, [userId, synced, preference, setPreference, save]);

  // A theme chosen on this device: make it the account's.
  useEffect(() => {
    if (!userId || handled.current === undefined || preference === handled.current) return;
    save(preference);
  }, [userId, preference, save]);
}
