import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Settings } from "../../domain/settings";
import { DEFAULT_THEME, isNewerThemeChoice } from "../../domain/theme";
import { useTheme } from "../stores/theme";
import { getSettings, settingsKeys } from "../api/settings";
import { updateSettings } from "./use-settings";
import { useMe } from "./use-me";

/**
 * The theme belongs to the device (key `theme`, applied before the first paint) and,
 * signed in, also to the account. The newest choice wins: each side knows when its
 * theme was chosen (the device's `themeChosenAt`, the settings' `themeUpdatedAt`). A choice made
 * here after the account's is saved to the account (also one made offline, once it can be); an
 * account's choice newer than this device's is applied here, so a device opened after a while
 * shows the account's theme and never sends back the one it had. The server checks the times too.
 */
export function useThemeSync(): void {
  const me = useMe();
  const userId = me?.id;
  const client = useQueryClient();
  const { preference, chosenAt, adopt } = useTheme();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, enabled: Boolean(userId) });
  // Settings restored from this device and being refreshed may be older than the account's: wait
  // for the server's answer (offline, the restored ones count).
  const refreshing = query.isStale && query.isFetching;
  const account = userId && !refreshing ? query.data : undefined;
  const accountTheme = account?.theme;
  const accountChosenAt = account?.themeUpdatedAt ?? null;

  useEffect(() => {
    if (accountTheme === undefined || accountTheme === preference) return;
    // An account whose theme nobody chose takes the one this browser had before signing in.
    const untouched = accountChosenAt === null && accountTheme === DEFAULT_THEME;
    if (!isNewerThemeChoice(chosenAt, accountChosenAt) && !(untouched && chosenAt === null)) {
      adopt(accountTheme, accountChosenAt);
      return;
    }
    const at = chosenAt ?? new Date().toISOString();
    if (chosenAt === null) adopt(preference, at);
    const theme = preference;
    client.setQueryData<Settings>(settingsKeys.all, (old) => old && { ...old, theme, themeUpdatedAt: at });
    updateSettings({ theme, themeUpdatedAt: at }).then(
      // Saved (the server's answer, perhaps a newer theme from elsewhere), or queued (null).
      (saved) => saved && client.setQueryData(settingsKeys.all, saved),
      // Refused: the device keeps its theme; the next settings from the server decide again.
      () => undefined,
    );
  }, [accountTheme, accountChosenAt, preference, chosenAt, adopt, client]);
}
