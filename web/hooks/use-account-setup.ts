import { useEffect } from "react";
import { getProfile, runInitialSetup, updateProfile } from "../api/account";
import { queryClient } from "../api/query-client";
import { useMe } from "./use-me";
import { notify } from "../stores/notifier";

const done = new Set<string>();

/**
 * Once per signed-in page load: initial-user-setup (spec §7), which the server also runs at each
 * sign-in but which makes sure an account from an older version has everything it needs; then the
 * profile's time zone and language, which the server cannot know, from this device if unset.
 */
export function useAccountSetup(): void {
  const me = useMe();
  useEffect(() => {
    if (!me || done.has(me.id)) return;
    done.add(me.id);
    void (async () => {
      try {
        await runInitialSetup();
      } catch (error) {
        // Without its groups and categories the account cannot hold tasks: worth saying (spec §8).
        notify.error("Error initializing task system", { description: "Reload the page to try again." });
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
