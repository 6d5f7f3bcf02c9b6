import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ForbiddenError, UnauthorizedError } from "../errors.js";
import type { User } from "../repositories/user-repository.js";
import { appendRouteHook } from "./route-hooks.js";
import { resolveApiToken } from "../services/sign-in/api-tokens.js";
import { resolveSession, sessionCookieName } from "../services/sign-in/sessions.js";

export type Auth =
  | { via: "session"; user: User; sessionIdHash: string; sessionCreatedAt: string }
  | { via: "token"; user: User; tokenId: string };

declare module "fastify" {
  interface FastifyRequest {
    /** Who is calling: from the session cookie or a personal API token; null when signed out. */
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /**
     * "user": signed in by session or API token; "session": signed in in a browser. Checked
     * before the body is read, so a caller without credentials always gets 401.
     */
    auth?: "user" | "session";
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Resolves the caller on every request that carries credentials, and refuses cross-site writes:
 * a browser sends the session cookie along with any site's form post, so an unsafe method with
 * cookie authentication must come from our own origin (Origin, or Sec-Fetch-Site when a privacy
 * setting drops Origin). Bearer tokens are never sent by browsers on their own, so they are exempt.
 */
export async function registerAuthentication(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const cookieName = sessionCookieName(config.https);
  const ownOrigin = new URL(config.publicUrl).origin;
  await app.register(cookie);
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    const required = route.config?.auth;
    if (!required) return;
    const check = async (request: FastifyRequest) => {
      requireUser(request);
      if (required === "session" && request.auth?.via !== "session")
        throw new ForbiddenError("This needs you to be signed in in the browser, not an API token");
    };
    // A route's own onRequest hooks run after the global ones, so request.auth is resolved by then,
    // and before the body is read: no credentials means 401, whatever the body.
    appendRouteHook(route, "onRequest", check);
  });

  const resolveCaller = async (request: FastifyRequest, bearer: string | null, token: string | undefined) => {
    if (bearer !== null) {
      const resolved = await resolveApiToken(app.deps, bearer);
      if (!resolved) throw new UnauthorizedError("The API token is not valid");
      // An app password for calendar apps opens the CalDAV server only (docs/calendar.md).
      if (resolved.scope !== "all" && !isDavPath(request.url))
        throw new UnauthorizedError("This app password is for calendar apps only");
      request.auth = { via: "token", user: resolved.user, tokenId: resolved.tokenId };
      return;
    }
    if (!token) return;
    if (UNSAFE_METHODS.has(request.method) && !request.url.startsWith("/oidc/") && !isSameOrigin(request, ownOrigin)) {
      throw new ForbiddenError("Cross-site request refused");
    }
    const session = await resolveSession(app.deps, token);
    if (session) {
      request.auth = {
        via: "session",
        user: session.user,
        sessionIdHash: session.idHash,
        sessionCreatedAt: session.createdAt,
      };
    }
  };

  // Callback style, so a request without credentials (health probes, pages) goes on at once
  // instead of through a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    // A Bearer token sent to the built-in provider is one of its own access tokens (userinfo), not ours.
    const bearer = request.url.startsWith("/oidc/") ? null : bearerToken(request);
    const token = request.cookies[cookieName];
    if (bearer === null && !token) {
      done();
      return;
    }
    resolveCaller(request, bearer, token).then(() => done(), done);
  });
}

/** The CalDAV server's addresses, where app passwords for calendar apps are accepted. */
export function isDavPath(url: string): boolean {
  return url === "/dav" || url.startsWith("/dav/") || url.startsWith("/dav?");
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export function isSameOrigin(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === ownOrigin;
  return request.headers["sec-fetch-site"] === "same-origin";
}

/** The signed-in user, or a 401 with "User not authenticated". */
export function requireUser(request: FastifyRequest): User {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth.user;
}

export function setSessionCookie(reply: FastifyReply, https: boolean, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(https), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, https: boolean): void {
  reply.clearCookie(sessionCookieName(https), { path: "/", httpOnly: true, sameSite: "lax", secure: https });
}
