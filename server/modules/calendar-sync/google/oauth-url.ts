/**
 * The address that sends the browser to Google's consent screen (docs/calendar.md, "Google
 * Calendar"). `access_type=offline` with `prompt=consent` is what makes Google hand out a refresh
 * token every time, also to a user who connected before (it gives one only at the first consent
 * otherwise), and the refresh token is what lets the hourly refresh read without the user.
 */

export const GOOGLE_CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar";

/** Where Google sends the browser back: a fixed path of this server, registered with the client. */
export function googleRedirectUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/calendar/google/callback`;
}

export function googleAuthorizeUrl(
  authorizeUrl: string,
  options: { clientId: string; publicUrl: string; state: string },
): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set("client_id", options.clientId);
  url.searchParams.set("redirect_uri", googleRedirectUri(options.publicUrl));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", GOOGLE_CALENDAR_SCOPE);
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("state", options.state);
  return url.href;
}
