import { randomUUID } from "node:crypto";
import * as client from "openid-client";
import { safeNextPath } from "../../../domain/next-path.js";
import type { AppDeps } from "../../deps.js";
import { deleteExpiredOidcRows } from "../../plugins/identity-provider/oidc-adapter.js";
import type { User } from "../../repositories/user-repository.js";
import { type IssuerEntry, type Issuers, redirectUri } from "./issuers.js";
import { type ClientMeta, startSession, type StartedSession } from "./sessions.js";
import { hashToken, randomToken } from "../tokens.js";
import { ensureUserSetup } from "../accounts/user-setup.js";

/** How long a sign-in may take, and so how long its browser's binding cookie lives. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

/**
 * The cookie that binds a pending sign-in to the browser that began it (against login CSRF):
 * a callback URL where someone else's sign-in stopped does nothing in another browser.
 * `__Host-` under HTTPS, like the session cookie.
 */
export function signInCookieName(https: boolean): string {
  return https ? "__Host-tandem_sign_in" : "tandem_sign_in";
}

/**
 * The authorization parameter that opens the built-in provider's sign-up tab (registered with
 * oidc-provider as an extra parameter). OpenID's prompt=create says the same, but oidc-provider
 * does not support it; the name follows the screen_hint other providers use for this.
 */
export const SCREEN_HINT_PARAM = "screen_hint";

const BINDING_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const EXPIRED = "This sign-in has expired or was already used. Please sign in again.";

/** A sign-in that could not finish; the message is shown on /login as it is. */
export class SignInError extends Error {
  override name = "SignInError";
}

/** What the app may tell the issuer about the sign-in it starts. */
export interface SignInHints {
  /** OpenID Connect's login_hint: the address to fill in (re-authentication before deleting an account). */
  loginHint?: string;
  /** Open the built-in provider's "Create account" tab instead of "Sign in" (ignored by other issuers). */
  screen?: "sign-up";
}

export interface BegunSignIn {
  authorizationUrl: URL;
  /** For the browser's binding cookie: the callback takes only this browser's sign-ins. */
  binding: string;
}

/**
 * Step 1: remember state, nonce and PKCE verifier on the server, bound to this browser, then send
 * it to the issuer. `binding` is the browser's binding cookie, if it has one: a sign-in begun in
 * another tab keeps working.
 */
export async function beginSignIn(
  deps: AppDeps,
  issuers: Issuers,
  issuerId: string,
  next: string | undefined,
  binding: string | undefined,
  hints: SignInHints = {},
  now = new Date(),
): Promise<BegunSignIn> {
  const entry = issuers.find(issuerId);
  if (!entry) throw new SignInError("This sign-in option does not exist.");
  const configuration = await discoverOrExplain(issuers, entry);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  // Housekeeping where it costs nobody a wait: leftovers of abandoned and expired sign-ins.
  await deps.repositories.signInRequests.deleteExpired(now.toISOString());
  await deps.repositories.sessions.deleteExpired(
    now.toISOString(),
    new Date(now.getTime() - deps.config.auth.sessionIdleMs).toISOString(),
  );
  await deleteExpiredOidcRows(deps.database.db);
  const browserBinding = binding !== undefined && BINDING_FORMAT.test(binding) ? binding : randomToken();
  await deps.repositories.signInRequests.insert({
    state,
    bindingHash: hashToken(browserBinding),
    issuerId: entry.id,
    codeVerifier,
    nonce,
    nextPath: safeNextPath(next),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
  });
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(deps.config, entry.id),
    scope: entry.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    // Our own provider always asks for the password: signing out of the app must mean signed out
    // on a shared family computer, not silently signed in again by the provider's own session.
    // (The callback checks it happened: see enteredSince.)
    ...(entry.builtin ? { prompt: "login", max_age: "0" } : {}),
    ...(hints.loginHint ? { login_hint: hints.loginHint } : {}),
    ...(entry.builtin && hints.screen ? { [SCREEN_HINT_PARAM]: hints.screen } : {}),
  });
  return { authorizationUrl, binding: browserBinding };
}

export interface CompletedSignIn {
  session: StartedSession;
  user: User;
  nextPath: string;
}

/**
 * Step 2, at the redirect URI: check everything, exchange the code, find or create the user, start
 * a session. `binding` is the browser's binding cookie: without the one its sign-in began with, a
 * callback is refused as expired.
 */
export async function completeSignIn(
  deps: AppDeps,
  issuers: Issuers,
  issuerId: string,
  currentUrl: URL,
  binding: string | undefined,
  meta: ClientMeta,
): Promise<CompletedSignIn> {
  const entry = issuers.find(issuerId);
  if (!entry) throw new SignInError("This sign-in option does not exist.");
  const state = currentUrl.searchParams.get("state");
  const request = state && binding ? await deps.repositories.signInRequests.take(state, hashToken(binding)) : undefined;
  if (!request || request.issuerId !== entry.id || Date.parse(request.expiresAt) <= Date.now()) {
    throw new SignInError(EXPIRED);
  }
  const providerError = currentUrl.searchParams.get("error");
  if (providerError) {
    const description = currentUrl.searchParams.get("error_description");
    throw new SignInError(
      providerError === "access_denied"
        ? "Sign-in was cancelled."
        : `${entry.name} refused the sign-in: ${description ?? providerError}.`,
    );
  }

  const configuration = await discoverOrExplain(issuers, entry);
  let claims: client.IDToken;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (error) {
    throw new SignInError(`${entry.name} did not confirm the sign-in (${describe(error)}). Please sign in again.`, {
      cause: error,
    });
  }
  if (entry.builtin && !enteredSince(claims, request.createdAt)) {
    throw new SignInError(
      `${entry.name} did not confirm the sign-in (the password was not entered for it). Please sign in again.`,
    );
  }

  const user = await deps.repositories.users.upsertFromSignIn(
    {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      name: displayName(claims),
    },
    randomUUID(),
    new Date().toISOString(),
  );
  const isAdmin = await decideAdmin(deps, entry, user, claims);
  if (isAdmin !== user.isAdmin) await deps.repositories.users.setAdmin(user.id, isAdmin);
  // The issuer may have sent a new name, address or admin group: the user's other browsers and
  // tokens see the row as it is now.
  await deps.bus.publish({ kind: "user-changed", userId: user.id });
  await ensureUserSetup(deps, user);
  const session = await startSession(deps, user.id, entry.id, meta);
  return { session, user: { ...user, isAdmin }, nextPath: request.nextPath };
}

/**
 * Whether the built-in provider's ID token says the password was entered after this sign-in
 * began (auth_time, in whole seconds). A provider session left in the browser would otherwise sign
 * the next person in as its owner once they strip prompt=login from the provider's URL.
 */
function enteredSince(claims: client.IDToken, startedAt: string): boolean {
  return typeof claims.auth_time === "number" && claims.auth_time >= Math.floor(Date.parse(startedAt) / 1000);
}

/**
 * Instance admins: the first account on the instance (for good), plus, checked
 * at every sign-in, verified emails listed in ADMIN_EMAILS and members of the issuer's admin group.
 */
async function decideAdmin(deps: AppDeps, entry: IssuerEntry, user: User, claims: client.IDToken): Promise<boolean> {
  const firstAdmin = await deps.repositories.instanceSecrets.getOrCreate(
    "first-admin",
    () => user.id,
    new Date().toISOString(),
  );
  if (firstAdmin === user.id) return true;
  if (user.email && user.emailVerified && deps.config.auth.adminEmails.includes(user.email)) return true;
  if (entry.adminGroup) {
    const groups = claims[entry.adminClaim];
    if (Array.isArray(groups) && groups.includes(entry.adminGroup)) return true;
    if (groups === entry.adminGroup) return true;
  }
  return false;
}

function displayName(claims: client.IDToken): string {
  for (const key of ["name", "preferred_username", "given_name", "email"] as const) {
    const value = claims[key];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, 100);
  }
  return "Tandem user";
}

async function discoverOrExplain(issuers: Issuers, entry: IssuerEntry): Promise<client.Configuration> {
  try {
    return await issuers.configuration(entry);
  } catch (error) {
    // A network failure may pass; an issuer whose metadata does not check out is a setup error.
    const message = isNetworkFailure(error)
      ? `${entry.name} cannot be reached right now (${describe(error)}). Please try again in a moment.`
      : `${entry.name} is not set up correctly (${describe(error)}). Please tell the administrator of this instance.`;
    throw new SignInError(message, { cause: error });
  }
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch failed: refused, reset, DNS
  if (error instanceof Error && error.name === "TimeoutError") return true;
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  return false;
}

/** A short reason for the user: the OAuth error code or the library's message, never a stack. */
function describe(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return error.error;
  if (error instanceof client.AuthorizationResponseError) return error.error;
  if (error instanceof Error) return error.message.replace(/\s+/g, " ").slice(0, 160);
  return "unknown error";
}
