import { describe, expect, it } from "vitest";
import { GOOGLE_CALENDAR_SCOPE, googleAuthorizeUrl, googleRedirectUri } from "./oauth-url.js";

describe("googleAuthorizeUrl", () => {
  it("asks for the calendar scope offline, with consent, the state and the fixed callback", () => {
    const url = new URL(
      googleAuthorizeUrl("https://accounts.google.com/o/oauth2/v2/auth", {
        clientId: "client-1.apps.googleusercontent.com",
        publicUrl: "https://tandem.example",
        state: "s t&ate",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1.apps.googleusercontent.com",
      redirect_uri: "https://tandem.example/api/calendar/google/callback",
      response_type: "code",
      scope: GOOGLE_CALENDAR_SCOPE,
      access_type: "offline",
      prompt: "consent",
      state: "s t&ate",
    });
  });

  it("keeps a provider's own query parameters and drops a trailing slash of the public address", () => {
    const url = new URL(
      googleAuthorizeUrl("https://idp.example/authorize?tenant=x", {
        clientId: "c",
        publicUrl: "https://tandem.example/",
        state: "s",
      }),
    );
    expect(url.searchParams.get("tenant")).toBe("x");
    expect(googleRedirectUri("https://tandem.example/")).toBe("https://tandem.example/api/calendar/google/callback");
  });
});
