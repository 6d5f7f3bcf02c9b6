import type { AisleId } from "../../../../domain/shopping/aisles";
import type { ShoppingState, Store, Suggestion } from "../../../../domain/shopping/list";
import type { QueuedRequest } from "../../../../domain/offline-queue";
import { apiFetch } from "../../../api/http";

/** The shopping list's calls (docs/shopping.md); sorting itself runs on the device. */

const at = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/shopping`;

export const getShoppingState = (groupId: string) => apiFetch<ShoppingState>(at(groupId));
export const getSuggestions = (groupId: string) =>
  apiFetch<{ suggestions: Suggestion[] }>(`${at(groupId)}/suggestions`);
export const addStore = (groupId: string, name: string) =>
  apiFetch<Store>(`${at(groupId)}/stores`, { method: "POST", body: { name } });
export const removeStore = (groupId: string, storeId: string) =>
  apiFetch<void>(`${at(groupId)}/stores/${encodeURIComponent(storeId)}`, { method: "DELETE" });
export const correctAisle = (groupId: string, text: string, aisle: AisleId | null) =>
  apiFetch<{ key: string }>(`${at(groupId)}/aisles`, { method: "PUT", body: { text, aisle } });
export const pinItem = (groupId: string, storeId: string, text: string, position: number | null) =>
  apiFetch<Store>(`${at(groupId)}/stores/${encodeURIComponent(storeId)}/pins`, {
    method: "PUT",
    body: { text, position },
  });
export const dismissSuggestion = (groupId: string, key: string) =>
  apiFetch<void>(`${at(groupId)}/suggestions/dismiss`, { method: "POST", body: { key } });

/** The request a check-off sends: through the offline queue, with the moment it was tapped. */
export const checkOffRequest = (groupId: string, taskId: string, storeId: string, tappedAt: string): QueuedRequest => ({
  method: "POST",
  path: `${at(groupId)}/check-offs`,
  body: { taskId, storeId, at: tappedAt },
});
