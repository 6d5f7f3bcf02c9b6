import { useQuery } from "@tanstack/react-query";
import type { Settings } from "../../../domain/settings";
import { useMe } from "../../hooks/use-me";
import { getSettings, settingsKeys } from "../../api/settings";
import { useSettings } from "../../hooks/use-settings";
import { useOnline } from "../../offline/use-offline";
import { notify } from "../../stores/notifier";

/**
 * The synced settings for the settings pages: whether they have loaded (so switches do not show
 * the defaults and then jump), whether they are still loading, and `save`, which shows the change at once and says so if it failed.
 */
export function useSettingsState() {
  const me = useMe();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, enabled: Boolean(me) });
  const { settings, change } = useSettings();
  async function save(changes: Partial<Settings>): Promise<void> {
    if (!(await change(changes))) {
      notify.error("Failed to save the setting", {
        description: "The server could not be reached or refused it. Your previous choice is back.",
      });
    }
  }
  const online = useOnline();
  const ready = query.data !== undefined;
  const failed = query.isError && !ready;
  return {
    settings,
    // Settings the cache has (restored from this device) count even when refreshing them failed.
    ready,
    failed,
    /** Still coming: offline, nothing is (DataUnavailable says so). */
    loading: !ready && !failed && online,
    retry: () => void query.refetch(),
    save,
  };
}
