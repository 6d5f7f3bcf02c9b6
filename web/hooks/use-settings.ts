import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_SETTINGS, type Settings } from "../../domain/settings";
import { apiFetch } from "../api/http";
import { useMe } from "./use-me";

export const settingsKeys = { all: ["settings"] as const };

export const getSettings = () => apiFetch<Settings>("/api/settings");
export const updateSettings = (changes: Partial<Settings>) =>
  apiFetch<Settings>("/api/settings", { method: "PATCH", body: changes });

/**
 * The user's synced settings (spec §3), the defaults until they are loaded. `change` shows the
 * new value at once and saves it; the server's answer (or the old value, on failure) follows.
 */
export function useSettings(): { settings: Settings; change: (changes: Partial<Settings>) => Promise<boolean> } {
  const me = useMe();
  const client = useQueryClient();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, enabled: Boolean(me) });
  const settings = query.data ?? DEFAULT_SETTINGS;
  async function change(changes: Partial<Settings>): Promise<boolean> {
    const before = client.getQueryData<Settings>(settingsKeys.all);
    client.setQueryData<Settings>(settingsKeys.all, { ...(before ?? DEFAULT_SETTINGS), ...changes });
    try {
      client.setQueryData(settingsKeys.all, await updateSettings(changes));
      return true;
    } catch {
      client.setQueryData(settingsKeys.all, before);
      return false;
    }
  }
  return { settings, change };
}
