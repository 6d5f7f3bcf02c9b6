import { useEffect } from "react";
import { getProfile, updateProfile } from "../api/account";
import { queryClient } from "../api/query-client";
import { useMe } from "./use-me";

const asked = new Set<string>();

/**
 * A new profile has no time zone or language: the server cannot know them at sign-in. The first
 * signed-in page fills them in from this device, once; the user can change both on /profile.
 */
export function useDeviceDefaults(): void {
  const me = useMe();
  useEffect(() => {
    if (!me || asked.has(me.id)) return;
    asked.add(me.id);
    void queryClient
      .fetchQuery({ queryKey: ["profile"], queryFn: getProfile })
      .then(async (profile) => {
        if (profile.timeZone && profile.locale) return;
        const saved = await updateProfile({
          timeZone: profile.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          locale: profile.locale ?? navigator.language,
        });
        queryClient.setQueryData(["profile"], saved);
      })
      // Not worth bothering the user about: the next sign-in tries again, and /profile shows the fields.
      .catch(() => asked.delete(me.id));
  }, [me]);
}
