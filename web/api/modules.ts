import type { ModuleState } from "../../domain/module-state";
import { apiFetch } from "./http";

export const moduleKeys = {
  all: ["modules"] as const,
  mine: ["modules", "mine"] as const,
  group: (groupId: string) => ["modules", "group", groupId] as const,
};

/** Every module and whether it is on for the signed-in user (GET /api/modules). */
export const getMyModules = () => apiFetch<ModuleState[]>("/api/modules");

export const setMyModule = (moduleId: string, enabled: boolean) =>
  apiFetch<ModuleState[]>(`/api/modules/${encodeURIComponent(moduleId)}`, { method: "PUT", body: { enabled } });

/** The modules of a group: on for this user there, and which the group's owner switched off. */
export const getGroupModules = (groupId: string) =>
  apiFetch<ModuleState[]>(`/api/groups/${encodeURIComponent(groupId)}/modules`);

export const setGroupModule = (groupId: string, moduleId: string, enabled: boolean) =>
  apiFetch<ModuleState[]>(`/api/groups/${encodeURIComponent(groupId)}/modules/${encodeURIComponent(moduleId)}`, {
    method: "PUT",
    body: { enabled },
  });
