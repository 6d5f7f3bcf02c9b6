import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { issuerOptionSchema, meSchema } from "../../../domain/auth.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { storableText } from "../../../domain/fields.js";
import { clearSessionCookie, requireUser, setSessionCookie } from "../../plugins/authentication.js";
import type { IdentityProvider } from "../../plugins/identity-provider/index.js";
import { describeMe } from "../../services/accounts/profiles.js";
import { type Issuers, redirectUri } from "../../services/sign-in/issuers.js";
import { endSession, sessionCookieName } from "../../services/sign-in/sessions.js";
import {
  beginSignIn,
  completeSignIn,
  SIGN_IN_TTL_MS,
  SignInError,
  signInCookieName,
} from "../../services/sign-in/sign-in.js";

/** Sign-in through any configured issuer, sign-out, and who the caller is. */
export function authRoutes(issuers: Issuers, identityProvider: IdentityProvider | null): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = app.deps;
    const bindingCookie = signInCookieName(config.https);
    const bindingCookieOptions = { path: "/", httpOnly: true, sameSite: "lax", secure: config.https } as const;
    const toLogin = (message: string, next?: string) => {
      const params = new URLSearchParams({ error: message });
      if (next && next !== "/") params.set("next", next);
      return `/login?${params.toString()}`;
    };
    const issuerParams = z.object({ issuerId: z.string().min(1).max(40) });

    app.get(
      "/api/auth/issuers",
      {
        schema: {
          summary: "The sign-in options of this instance",
          tags: ["auth"],
          response: { 200: z.array(issuerOptionSchema) },
        },
      },
      async () => issuers.list().map((entry) => ({ id: entry.id, name: entry.name, builtin: entry.builtin })),
    );

    app.get(
      "/api/auth/sign-in/:issuerId",
      {
        schema: {
          hide: true,
          params: issuerParams,
          querystring: z.object({
            next: z.string().max(2000).optional(),
            // The address to fill in at the issuer (OpenID's login_hint), e.g. signing in again to delete the account.
            login_hint: storableText().trim().max(254).optional(),
            // "sign-up": the landing page's "Create account" opens the built-in provider's sign-up tab.
            screen: z.enum(["sign-up"]).optional(),
          }),
        },
      },
      async (request, reply) => {
        try {
          const { authorizationUrl, binding } = await beginSignIn(
            app.deps,
            issuers,
            request.params.issuerId,
            request.query.next,
            request.cookies[bindingCookie],
            { loginHint: request.query.login_hint || undefined, screen: request.query.screen },
          );
          reply.setCookie(bindingCookie, binding, { ...bindingCookieOptions, maxAge: SIGN_IN_TTL_MS / 1000 });
          return reply.header("cache-control", "no-store").redirect(authorizationUrl.href, 302);
        } catch (error) {
          if (error instanceof SignInError) return reply.redirect(toLogin(error.message, request.query.next), 302);
          throw error;
        }
      },
    );

    app.get(
      "/api/auth/callback/:issuerId",
      { schema: { hide: true, params: issuerParams } },
      async (request, reply) => {
        // The redirect URI as registered, with the query as received: behind a proxy the request's
        // own URL may differ in scheme or host, and the token request must name the registered one.
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        const currentUrl = new URL(redirectUri(config, request.params.issuerId) + query);
        const binding = request.cookies[bindingCookie];
        reply.clearCookie(bindingCookie, bindingCookieOptions);
        try {
          const result = await completeSignIn(app.deps, issuers, request.params.issuerId, currentUrl, binding, {
            userAgent: request.headers["user-agent"] ?? null,
            ipAddress: request.ip,
          });
          setSessionCookie(reply, config.https, result.session.token, result.session.expiresAt);
          return reply.header("cache-control", "no-store").redirect(result.nextPath, 302);
        } catch (error) {
          if (error instanceof SignInError) {
            request.log.warn({ err: error.cause ?? error }, "sign-in failed");
            return reply.redirect(toLogin(error.message), 302);
          }
          throw error;
        }
      },
    );

    app.post(
      "/api/auth/logout",
      {
        schema: {
          summary: "Ends this session on the server, and this browser's session at the built-in provider",
          tags: ["auth"],
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const token = request.cookies[sessionCookieName(config.https)];
        if (token) await endSession(app.deps, token);
        await identityProvider?.endBrowserSession(request, reply);
        if (request.auth?.via === "session") {
          await app.deps.bus.publish({ kind: "close-session", idHash: request.auth.sessionIdHash });
        }
        clearSessionCookie(reply, config.https);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/auth/session",
      {
        schema: {
          summary: "Who is signed in, if anyone (never a 401)",
          tags: ["auth"],
          response: { 200: z.object({ user: meSchema.nullable() }) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { user: request.auth ? await describeMe(app.deps, request.auth.user) : null };
      },
    );

    app.get(
      "/api/me",
      {
        config: { auth: "user" },
        schema: { summary: "The signed-in user", tags: ["auth"], response: { 200: meSchema, 401: apiErrorSchema } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return describeMe(app.deps, requireUser(request));
      },
    );
  };
}
