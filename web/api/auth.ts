import type { Notice } from "../../domain/account-email";
import type { InteractionDetails, IssuerOption, Me } from "../../domain/auth";
import { apiFetch } from "./http";

export const getIssuers = () => apiFetch<IssuerOption[]>("/api/auth/issuers");

/** The signed-in user, or null when signed out (asked without a 401, which browsers log as an error). */
export async function getMe(): Promise<Me | null> {
  return (await apiFetch<{ user: Me | null }>("/api/auth/session")).user;
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
/** A redirect when the account is usable at once; "check your email" where sign-up goes by email. */
export const submitSignUp = (uid: string, body: { name: string; email: string; password: string }) =>
  apiFetch<Redirect | Notice>(`${interaction(uid)}/signup`, { method: "POST", body });
export const abortInteraction = (uid: string) =>
  apiFetch<Redirect>(`${interaction(uid)}/abort`, { method: "POST", body: {} });
