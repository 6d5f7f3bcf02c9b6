import type { AppDeps } from "../../../deps.js";
import { googleAccessToken } from "../google/access.js";
import type { SourceRow } from "./repository.js";

/**
 * The Authorization header for requests to an outside account's calendars: "Basic …" for a
 * CalDAV account (its user name and password), "Bearer …" for a Google one (an access token
 * traded for its refresh token, docs/calendar.md "Google Calendar"). For code that writes into
 * these calendars: send it only where caldav-source.ts's mayCarryPassword allows.
 */
export async function outsideAuthorization(
  deps: AppDeps,
  source: Pick<SourceRow, "kind" | "username" | "password">,
): Promise<string> {
  if (source.kind === "google") return `Bearer ${await googleAccessToken(deps, source)}`;
  if (source.kind === "caldav")
    return `Basic ${Buffer.from(`${source.username ?? ""}:${source.password ?? ""}`).toString("base64")}`;
  throw new Error(`A ${source.kind} source signs in to nothing`);
}
