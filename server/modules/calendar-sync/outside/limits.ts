import type { AppDeps } from "../../../deps.js";
import type { FetchLimits } from "./fetch-guard.js";

/** The operator's limits for fetching outside calendars (CALENDAR_ALLOW_PRIVATE_URLS and the timeout). */
export function fetchLimits(deps: AppDeps): FetchLimits {
  return { allowPrivate: deps.config.calendarAllowPrivateUrls, timeoutMs: deps.config.calendarFetchTimeoutMs };
}
