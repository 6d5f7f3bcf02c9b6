import { useQuery } from "@tanstack/react-query";
import type { Settings } from "../../../domain/settings";
import { useMe } from "../../hooks/use-me";
import { getSettings, settingsKeys } from "../../api/settings";
import { useSettings } from "../../hooks/use-settings";
import { notify } from "../../stores/notifier";

/**
 * The synced settings for the settings pages: whether they have loaded (so switches do not show
 * the defaults and then jump), and `save`, which shows the change at once and says so if it failed.
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
  return { settings, ready: query.isSuccess, failed: query.isError && !query.data, save };
}
