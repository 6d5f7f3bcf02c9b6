import type { ApiToken } from "../../../domain/auth";
import { apiFetch } from "../../api/http";

/** App passwords for calendar apps: API tokens of the "calendar" scope, which only /dav accepts (docs/calendar.md). */
export const createAppPassword = (name: string) =>
  apiFetch<ApiToken & { token: string }>("/api/tokens", { method: "POST", body: { name, scope: "calendar" } });

/** The same list as the account page's API tokens, so revoking on either page shows on both. */
export const appPasswordKeys = { all: ["account", "tokens"] as const };
