import type { InteractionDetails, IssuerOption, Me } from "../../domain/auth";
import { apiFetch } from "./http";

export const getIssuers = () => apiFetch<IssuerOption[]>("/api/auth/issuers");

/** The signed-in user, or null when signed out. */
export async function getMe(): Promise<Me | null> {
  const response = await fetch("/api/me", { credentials: "same-origin" });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return (await response.json()) as Me;
}

export const logout = () => apiFetch<void>("/api/auth/logout", { method: "POST" });

export function signInUrl(issuerId: string, next: string | null): string {
  const query = next && next !== "/" ? `?${new URLSearchParams({ next }).toString()}` : "";
  return `/api/auth/sign-in/${encodeURIComponent(issuerId)}${query}`;
}

const interaction = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}`;
type Redirect = { redirectTo: string };

export const getInteraction = (uid: string) => apiFetch<InteractionDetails>(`${interaction(uid)}/details`);
export const submitSignIn = (uid: string, body: { email: string; password: string }) =>
  apiFetch<Redirect>(`${interaction(uid)}/login`, { method: "POST", body });
export const submitSignUp = (uid: string, body: { name: string; email: string; password: string }) =>
  apiFetch<Redirect>(`${interaction(uid)}/signup`, { method: "POST", body });
export const abortInteraction = (uid: string) =>
  apiFetch<Redirect>(`${interaction(uid)}/abort`, { method: "POST", body: {} });
