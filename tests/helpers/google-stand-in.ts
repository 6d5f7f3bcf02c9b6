import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RadicaleAccount } from "./radicale.js";

/**
 * A stand-in for Google in the tests of Google Calendar (docs/calendar.md, "Google Calendar"):
 * on one port, its consent screen (/authorize, which sends the browser straight back with a code
 * or, when told to, with access_denied), its token endpoint (/token: codes and refresh tokens
 * for access tokens, invalid_grant for a revoked refresh token) and its CalDAV server, which is a
 * Radicale reached only with `Authorization: Bearer <a valid access token>` (turned into that
 * account's Basic sign-in on the way).
 */
export interface GoogleStandIn {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The server's GOOGLE_* configuration for this stand-in. */
  env: Record<string, string>;
  /** The Radicale account the consent screen grants next; null: the user says no (access_denied). */
  consentFor: RadicaleAccount | null;
  /** What new access tokens' expires_in says (seconds); they end then, too. */
  expiresIn: number;
  /** A code for the account, as the consent screen gives one. */
  codeFor(account: RadicaleAccount): string;
  /** The refresh tokens handed out for the account, oldest first. */
  refreshTokensOf(account: RadicaleAccount): string[];
  /** Every access token given so far ends now (the server's copies in memory do not know). */
  expireAccessTokens(): void;
  /** The user takes Tandem's access back: the refresh token and its access tokens stop working. */
  revoke(refreshToken: string): void;
  /** Token requests so far, by grant type. */
  grants: { authorization_code: number; refresh_token: number };
  /** CalDAV requests answered 401 for want of a valid access token. */
  refused: number;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString("base64url")}`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startGoogleStandIn(radicaleUrl: string): Promise<GoogleStandIn> {
  const codes = new Map<string, RadicaleAccount>();
  const refreshTokens = new Map<string, { account: RadicaleAccount; revoked: boolean }>();
  const accessTokens = new Map<string, { refreshToken: string; until: number }>();
  const radicale = new URL(radicaleUrl);

  function issue(refreshToken: string) {
    const access = token("at");
    accessTokens.set(access, { refreshToken, until: Date.now() + standIn.expiresIn * 1000 });
    return { access_token: access, expires_in: standIn.expiresIn, token_type: "Bearer", scope: "calendar" };
  }

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams((await bodyOf(request)).toString());
    if (form.get("client_id") !== standIn.clientId || form.get("client_secret") !== standIn.clientSecret)
      return json(response, 401, { error: "invalid_client" });
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      standIn.grants.authorization_code += 1;
      const account = codes.get(form.get("code") ?? "");
      // A code is good once.
      codes.delete(form.get("code") ?? "");
      if (!account || !form.get("redirect_uri")?.endsWith("/api/calendar/google/callback"))
        return json(response, 400, { error: "invalid_grant" });
      const refreshToken = token("rt");
      refreshTokens.set(refreshToken, { account, revoked: false });
      return json(response, 200, { ...issue(refreshToken), refresh_token: refreshToken });
    }
    if (grant === "refresh_token") {
      standIn.grants.refresh_token += 1;
      const refreshToken = form.get("refresh_token") ?? "";
      const entry = refreshTokens.get(refreshToken);
      if (!entry || entry.revoked)
        return json(response, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return json(response, 200, issue(refreshToken));
    }
    return json(response, 400, { error: "unsupported_grant_type" });
  }

  function authorize(url: URL, response: ServerResponse) {
    const back = new URL(url.searchParams.get("redirect_uri") ?? "");
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    if (url.searchParams.get("client_id") !== standIn.clientId || !standIn.consentFor)
      back.searchParams.set("error", "access_denied");
    else back.searchParams.set("code", standIn.codeFor(standIn.consentFor));
    response.writeHead(302, { location: back.href });
    response.end();
  }

  async function caldav(request: IncomingMessage, response: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const access = accessTokens.get(bearer);
    const entry = access && refreshTokens.get(access.refreshToken);
    if (!access || !entry || entry.revoked || access.until <= Date.now()) {
      standIn.refused += 1;
      response.writeHead(401, { "www-authenticate": 'Bearer realm="Google"' });
      return response.end();
    }
    const body = await bodyOf(request);
    const headers = { ...request.headers, host: radicale.host };
    headers.authorization = `Basic ${Buffer.from(`${entry.account.username}:${entry.account.password}`).toString("base64")}`;
    delete headers["content-length"];
    const forwarded = http.request(
      new URL(request.url ?? "/", radicale),
      { method: request.method, headers: { ...headers, "content-length": String(body.length) } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      response.writeHead(502);
      response.end();
    });
    forwarded.end(body);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const handle =
      url.pathname === "/token" && request.method === "POST"
        ? tokenEndpoint(request, response)
        : url.pathname === "/authorize"
          ? Promise.resolve(authorize(url, response))
          : caldav(request, response);
    handle.catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: GoogleStandIn = {
    baseUrl,
    clientId: "tandem-test.apps.googleusercontent.com",
    clientSecret: "stand-in-secret",
    env: {
      GOOGLE_CALENDAR_CLIENT_ID: "tandem-test.apps.googleusercontent.com",
      GOOGLE_CALENDAR_CLIENT_SECRET: "stand-in-secret",
      GOOGLE_OAUTH_AUTHORIZE_URL: `${baseUrl}/authorize`,
      GOOGLE_OAUTH_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_CALDAV_URL: `${baseUrl}/`,
    },
    consentFor: null,
    expiresIn: 3600,
    codeFor(account) {
      const code = token("code");
      codes.set(code, account);
      return code;
    },
    refreshTokensOf: (account) =>
      [...refreshTokens.entries()]
        .filter(([, entry]) => entry.account === account)
        .map(([refreshToken]) => refreshToken),
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.until = 0;
    },
    revoke(refreshToken) {
      const entry = refreshTokens.get(refreshToken);
      if (entry) entry.revoked = true;
    },
    grants: { authorization_code: 0, refresh_token: 0 },
    refused: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
