import { createHash, randomBytes } from "node:crypto";
import { type GoogleOutcome, MAX_OUTSIDE_SOURCES, OUTSIDE_PALETTE } from "../../../../domain/calendar-outside.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, GoogleNotConfiguredError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { OutsideFetchError } from "../outside/fetch-guard.js";
import { fetchSource, outsideRepository } from "../outside/refresh.js";
import { insertWithinLimit, newSourceRows } from "../outside/service.js";
import { exchangeGoogleCode } from "./access.js";
import { GOOGLE_MESSAGES } from "./messages.js";
import { googleAuthorizeUrl } from "./oauth-url.js";

/**
 * Connecting a Google account (docs/calendar.md, "Google Calendar"): the authorize address with a
 * one-time state, then the way back, where the code becomes a refresh token and the account a
 * source of kind "google", read over Google's CalDAV like any other account.
 */

/** How long the way to Google and back may take. */
const STATE_TTL_MS = 10 * 60_000;
/** The name a new Google source gets; the user may rename it on /calendar-settings. */
const SOURCE_NAME = "Google Calendar";

const hashOf = (state: string) => createHash("sha256").update(state).digest("base64url");
const states = (deps: AppDeps) => deps.database.db;

function configOf(deps: AppDeps) {
  const config = deps.config.googleCalendar;
  if (!config) throw new GoogleNotConfiguredError(GOOGLE_MESSAGES.notConfigured);
  return config;
}

/** The address of Google's consent screen for this user, with a new state good for ten minutes. */
export async function googleAuthUrl(deps: AppDeps, user: User, now = new Date()): Promise<{ url: string }> {
  const config = configOf(deps);
  const state = randomBytes(32).toString("base64url");
  const db = states(deps);
  // States nobody came back with are of no use to anyone; each start clears the user's old ones.
  await db
    .deleteFrom("calendar_oauth_states")
    .where("user_id", "=", user.id)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  await db
    .insertInto("calendar_oauth_states")
    .values({
      state_hash: hashOf(state),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    })
    .execute();
  return {
    url: googleAuthorizeUrl(config.authorizeUrl, {
      clientId: config.clientId,
      publicUrl: deps.config.publicUrl,
      state,
    }),
  };
}

/**
 * Takes the state once, for this user only and before it ends: another user's state (a link
 * someone was sent) is not taken from its owner, and one used or too old is refused.
 */
async function takeState(deps: AppDeps, user: User, state: string, now: Date): Promise<boolean> {
  const taken = await states(deps)
    .deleteFrom("calendar_oauth_states")
    .where("state_hash", "=", hashOf(state))
    .where("user_id", "=", user.id)
    .where("expires_at", ">", now.toISOString())
    .returning("state_hash")
    .executeTakeFirst();
  return taken !== undefined;
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** Google's way back: what /calendar-settings tells the user (never where a request says to go). */
export async function finishGoogle(
  deps: AppDeps,
  user: User,
  query: CallbackQuery,
  now = new Date(),
): Promise<GoogleOutcome> {
  const valid = query.state ? await takeState(deps, user, query.state, now) : false;
  if (query.error === "access_denied") return "denied";
  if (!valid || query.error || !query.code || !deps.config.googleCalendar) return "failed";
  const repository = outsideRepository(deps);
  const count = await repository.countSources(user.id);
  if (count >= MAX_OUTSIDE_SOURCES) return "limit";
  try {
    const tokens = await exchangeGoogleCode(deps, query.code, now.getTime());
    // Without a refresh token nothing could be read an hour from now; Google sends one with
    // prompt=consent, which the authorize address asks for.
    if (!tokens.refresh_token) return "failed";
    const draft = {
      kind: "google",
      url: deps.config.googleCalendar.caldavUrl,
      name: SOURCE_NAME,
      username: null,
      // The refresh token goes where a CalDAV account keeps its password (tables.ts).
      password: tokens.refresh_token,
      etag: null,
      last_modified: null,
    };
    const fetched = await fetchSource(deps, draft, now);
    const copies = fetched.copies === "unchanged" ? [] : fetched.copies;
    if (copies.length === 0) return "failed";
    const { source, calendars } = newSourceRows(
      user,
      { ...draft, color: OUTSIDE_PALETTE[count % OUTSIDE_PALETTE.length]! },
      copies,
      now,
    );
    await insertWithinLimit(deps, user, source, calendars);
    return "connected";
  } catch (error) {
    if (error instanceof ConflictError) return "limit";
    if (!(error instanceof OutsideFetchError)) throw error;
    deps.log.info({ reason: error.reason }, "connecting a Google calendar failed");
    return "failed";
  }
}
