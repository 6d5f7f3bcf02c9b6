import { createHash } from "node:crypto";
import { z } from "zod";
import type { AppDeps } from "../../../deps.js";
import { type CaldavCalendarCopy, fetchCaldav } from "../outside/caldav-source.js";
import { FETCH_MESSAGES, guardedFetch, OutsideFetchError } from "../outside/fetch-guard.js";
import { fetchLimits } from "../outside/limits.js";
import type { SourceRow } from "../outside/repository.js";
import { GOOGLE_MESSAGES } from "./messages.js";
import { googleRedirectUri } from "./oauth-url.js";

/**
 * Google's tokens (docs/calendar.md, "Google Calendar"). A connected source keeps its refresh
 * token in the `password` column (as a CalDAV account keeps its password); each read trades it
 * for an access token, kept in this process's memory until a minute before Google says it ends,
 * so an hourly refresh costs one trade at most. Every request goes through the guard's fetch.
 */

/** What Google's token endpoint answers (RFC 6749, 5.1); only what is used is read. */
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});
export type GoogleTokens = z.infer<typeof tokenAnswer>;

/** An access token is given up this long before Google's end for it: a refresh takes a while. */
const EARLY_MS = 60_000;
/** Google's tokens last an hour; one that says nothing is taken for that. */
const DEFAULT_EXPIRES_S = 3600;
const MAX_CACHED = 1000;

/** Access tokens by the hash of their refresh token (so the memory holds no refresh token). */
const accessTokens = new Map<string, { token: string; until: number }>();

const keyOf = (refreshToken: string) => createHash("sha256").update(refreshToken).digest("base64url");

function remember(refreshToken: string, tokens: GoogleTokens, now: number): void {
  const until = now + (tokens.expires_in ?? DEFAULT_EXPIRES_S) * 1000 - EARLY_MS;
  if (until <= now) return;
  const key = keyOf(refreshToken);
  accessTokens.delete(key);
  if (accessTokens.size >= MAX_CACHED) accessTokens.delete(accessTokens.keys().next().value!);
  accessTokens.set(key, { token: tokens.access_token, until });
}

/** A refused token: the next read asks Google for a new one. */
export function forgetAccessToken(refreshToken: string): void {
  accessTokens.delete(keyOf(refreshToken));
}

function googleConfig(deps: AppDeps) {
  const config = deps.config.googleCalendar;
  if (!config) throw new OutsideFetchError("unauthorized", GOOGLE_MESSAGES.clientGone);
  return config;
}

/** One POST to the token endpoint; invalid_grant (revoked, expired, another client's) in words. */
async function tokenRequest(deps: AppDeps, form: Record<string, string>): Promise<GoogleTokens> {
  const config = googleConfig(deps);
  const response = await guardedFetch(fetchLimits(deps))(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: treated as any other failure below.
  }
  if (response.status === 400 && (body as { error?: unknown } | null)?.error === "invalid_grant")
    throw new OutsideFetchError("unauthorized", GOOGLE_MESSAGES.revoked);
  const parsed = tokenAnswer.safeParse(body);
  if (!response.ok || !parsed.success) throw new OutsideFetchError("http_status", GOOGLE_MESSAGES.tokenFailed);
  return parsed.data;
}

/** The code Google sent the browser back with, traded for tokens (the access token is kept). */
export async function exchangeGoogleCode(deps: AppDeps, code: string, now = Date.now()): Promise<GoogleTokens> {
  const tokens = await tokenRequest(deps, {
    code,
    redirect_uri: googleRedirectUri(deps.config.publicUrl),
    grant_type: "authorization_code",
  });
  if (tokens.refresh_token) remember(tokens.refresh_token, tokens, now);
  return tokens;
}

/** An access token for a Google source: the one in memory while it lasts, else a new one. */
export async function googleAccessToken(deps: AppDeps, source: Pick<SourceRow, "password">): Promise<string> {
  const refreshToken = source.password ?? "";
  if (!refreshToken) throw new OutsideFetchError("unauthorized", GOOGLE_MESSAGES.revoked);
  const now = Date.now();
  const cached = accessTokens.get(keyOf(refreshToken));
  if (cached && cached.until > now) return cached.token;
  const tokens = await tokenRequest(deps, { refresh_token: refreshToken, grant_type: "refresh_token" });
  remember(refreshToken, tokens, now);
  return tokens.access_token;
}

/**
 * A Google account's calendars over CalDAV with an access token. A token Google refuses (ended
 * early, or the user took Tandem's access back) is traded again once; a second refusal, or a
 * refresh token Google no longer takes, becomes the source's error in words.
 */
export async function fetchGoogle(
  deps: AppDeps,
  source: Pick<SourceRow, "url" | "password">,
  now: Date,
): Promise<CaldavCalendarCopy[]> {
  const read = async () =>
    fetchCaldav(source.url, { bearer: await googleAccessToken(deps, source) }, fetchLimits(deps), now);
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof OutsideFetchError) || error.message !== FETCH_MESSAGES.unauthorized) throw error;
    // The calendar server refused the token (the token endpoint's own refusals are thrown above).
    forgetAccessToken(source.password ?? "");
  }
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof OutsideFetchError) || error.message !== FETCH_MESSAGES.unauthorized) throw error;
    forgetAccessToken(source.password ?? "");
    throw new OutsideFetchError("unauthorized", GOOGLE_MESSAGES.revoked);
  }
}
