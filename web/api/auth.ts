import type { Notice } from "../../domain/account-email";
import type { InteractionDetails, IssuerOption, Me } from "../../domain/auth";
import { apiFetch } from "./http";

export const getIssuers = () => apiFetch<IssuerOption[]>("/api/auth/issuers");

/** The signed-in user, or null when signed out (asked without a 401, which browsers log as an error). */
export async function getMe(): Promise<Me | null> {
  return (await apiFetch<{ user: Me | null }>("/api/auth/session")).user;
}

export const logout = () => apiFetch<void>("/api/auth/logout", { method: "POST" });

/**
 * Where a browser begins signing in with an issuer. `loginHint` is the address the issuer fills in;
 * `screen: "sign-up"` opens the built-in provider on its "Create account" tab.
 */
export function signInUrl(
  issuerId: string,
  next: string | null,
  { loginHint, screen }: { loginHint?: string | null; screen?: "sign-up" } = {},
): string {
  const params = new URLSearchParams();
  if (next && next !== "/") params.set("next", next);
  if (loginHint) params.set("login_hint", loginHint);
  if (screen) params.set("screen", screen);
  const query = params.toString();
  return `/api/auth/sign-in/${encodeURIComponent(issuerId)}${query ? `?${query}` : ""}`;
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
