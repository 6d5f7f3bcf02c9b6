import type { DeletionPreview, LinkedSignIn, SessionInfo } from "../../domain/account";
import type { ApiToken } from "../../domain/auth";
import type { Profile, UpdateProfile } from "../../domain/profiles";
import { apiFetch } from "./http";

export const runInitialSetup = () =>
  apiFetch<{ personalGroupId: string }>("/api/initial-user-setup", { method: "POST" });
export const getProfile = () => apiFetch<Profile>("/api/profile");
export const updateProfile = (changes: UpdateProfile) =>
  apiFetch<Profile>("/api/profile", { method: "PATCH", body: changes });
export const uploadAvatar = (image: Blob) => apiFetch<Profile>("/api/profile/avatar", { method: "PUT", body: image });
export const removeAvatar = () => apiFetch<Profile>("/api/profile/avatar", { method: "DELETE" });

export const getLinkedSignIn = () => apiFetch<LinkedSignIn>("/api/account/sign-in");
export const listSessions = () => apiFetch<SessionInfo[]>("/api/sessions");
export const revokeSession = (id: string) =>
  apiFetch<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

export const listApiTokens = () => apiFetch<ApiToken[]>("/api/tokens");
export const createApiToken = (name: string) =>
  apiFetch<ApiToken & { token: string }>("/api/tokens", { method: "POST", body: { name } });
export const revokeApiToken = (id: string) =>
  apiFetch<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });

export const getDeletionPreview = () => apiFetch<DeletionPreview>("/api/account/deletion-preview");
export const deleteAccount = () => apiFetch<void>("/api/account", { method: "DELETE", body: { confirm: true } });
