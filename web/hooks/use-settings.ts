import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../domain/offline-queue";
import type { Settings } from "../../domain/settings";
import { DEFAULT_SETTINGS } from "../../domain/settings-defaults";
import { getSettings, settingsKeys } from "../api/settings";
import { newOperationId } from "../api/tasks";
import { submit } from "../offline/queue";
import { notify } from "../stores/notifier";
import { useMe } from "./use-me";

/**
 * Saves a change through the offline queue: the server's settings, or null when it
 * waits for the network on this device. A refusal rejects.
 */
export async function updateSettings(changes: Partial<Settings>): Promise<Settings | null> {
  const operationId = newOperationId();
  const result = await submit<Settings>({
    id: operationId,
    type: "update",
    entityType: "settings",
    // One entity: the user's changes reach the server in the order they were made.
    entityId: "settings",
    groupId: "",
    label: describeChange(changes),
    request: { method: "PATCH", path: "/api/settings", body: { ...changes, operationId } },
  });
  return result.queued ? null : result.body;
}

/** Shows a settings change still in the offline queue in the cache after a reload (like showQueuedTaskWrite). */
export function showQueuedSettingsWrite(client: QueryClient, operation: QueuedOperation): void {
  const { method, path, body } = operation.request;
  if (method !== "PATCH" || path !== "/api/settings") return;
  const { operationId: _operationId, ...changes } = body as Partial<Settings> & { operationId?: string };
  client.setQueryData<Settings>(settingsKeys.all, (settings) => settings && { ...settings, ...changes });
}

function describeChange(changes: Partial<Settings>): string {
  const names = Object.keys(changes);
  return names.length === 1 ? `Setting ${names[0]}` : `${names.length} settings`;
}

/**
 * The user's synced settings, the defaults until they are loaded. `change` shows the
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
      const saved = await updateSettings(changes);
      if (saved) client.setQueryData(settingsKeys.all, saved);
      // Queued: the device keeps showing the change until it is sent.
      else notify.info("Saved on this device - will sync when online", { id: "saved-offline" });
      return true;
    } catch {
      client.setQueryData(settingsKeys.all, before);
      return false;
    }
  }
  return { settings, change };
}
