import { useEffect } from "react";
import { getProfile, runInitialSetup, updateProfile } from "../api/account";
import { ApiRequestError } from "../api/http";
import { queryClient } from "../api/query-client";
import { isOnline, onConnectivityChange } from "../offline/connectivity";
import { useMe } from "./use-me";
import { notify } from "../stores/notifier";

const done = new Set<string>();

/**
 * No answer, or one from a server that cannot work now (its database is down, or a proxy in front
 * of it cannot reach it): the setup is not wrong, it waits for the server.
 */
const serverUnreachable = (error: unknown) =>
  !(error instanceof ApiRequestError) || (error.status >= 502 && error.status <= 504);

/** Resolves once the server can be reached again (web/offline/connectivity.ts). */
function whenOnline(): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onConnectivityChange((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

/**
 * Once per signed-in page load: initial-user-setup (docs/api.md), which the server also runs at each
 * sign-in but which makes sure an account from an older version has everything it needs; then the
 * profile's time zone and language, which the server cannot know, from this device if unset.
 * Without network it waits for the network: the account was set up when the device last saw it,
 * and the app runs from what the device holds meanwhile (no "Reload the page" to someone offline).
 */
export function useAccountSetup(): void {
  const me = useMe();
  useEffect(() => {
    if (!me || done.has(me.id)) return;
    done.add(me.id);
    void (async () => {
      await whenOnline();
      try {
        await runInitialSetup();
      } catch (error) {
        // Without its groups and categories the account cannot hold tasks: worth saying.
        // A server that cannot be reached says nothing about the account: the next load tries again.
        if (!serverUnreachable(error)) {
          notify.error("Error initializing task system", { description: "Reload the page to try again." });
        }
        throw error;
      }
      const profile = await queryClient.fetchQuery({ queryKey: ["profile"], queryFn: getProfile });
      if (profile.timeZone && profile.locale) return;
      const saved = await updateProfile({
        timeZone: profile.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
        locale: profile.locale ?? navigator.language,
      });
      queryClient.setQueryData(["profile"], saved);
      // Not worth bothering the user about: the next page load tries again, and /profile shows the fields.
    })().catch(() => done.delete(me.id));
  }, [me]);
}
