import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CustomFetch } from "openid-client";
import type Provider from "oidc-provider";
import { errors } from "oidc-provider";
import { z } from "zod";
import {
  AUTH_MESSAGES,
  interactionDetailsSchema,
  interactionResultSchema,
  localSignInSchema,
  localSignUpSchema,
} from "../../../domain/auth.js";
import { noticeSchema } from "../../../domain/account-email.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { AppError } from "../../errors.js";
import { addressOf, failedTryLimits, mailLimit, sharedLimit } from "../rate-limits.js";
import { authenticate, signUp } from "../../services/accounts/local-accounts.js";
import { signUpByEmail } from "../../services/accounts/pending-sign-ups.js";
import { SCREEN_HINT_PARAM } from "../../services/sign-in/sign-in.js";
import { createProvider, OIDC_PREFIX } from "./provider.js";
import { withProviderContextReleased } from "./request-context.js";

/**
 * Failed sign-in tries in a window: of one account from one address, of one account from all
 * addresses together, and of any accounts from one address. A sign-in that succeeds is not counted.
 */
export const SIGN_IN_LIMITS = {
  perAddressAndAccount: 10,
  perAccount: 100,
  perAddress: 30,
  windowMs: 15 * 60_000,
} as const;

export interface IdentityProvider {
  clientSecret: string;
  /** Requests from our relying party to our provider, answered in-process (no network, no DNS). */
  fetch: CustomFetch;
  /** Ends the provider's own session of the browser that sent this request (at sign-out). */
  endBrowserSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

class InteractionExpiredError extends AppError {
  constructor() {
    super("gone", AUTH_MESSAGES.interactionExpired);
  }
}

/**
 * Mounts the built-in provider at /oidc and our own pages for its sign-in step. The provider
 * reads request bodies itself, so its requests are handed over before Fastify parses anything.
 */
export async function registerIdentityProvider(
  app: FastifyInstance,
  sendSignInPage: (reply: FastifyReply) => Promise<FastifyReply>,
): Promise<IdentityProvider> {
  const { provider, clientSecret } = await createProvider(app.deps);
  const handle = withProviderContextReleased(provider.callback());
  const publicUrl = new URL(app.deps.config.publicUrl);

  app.route({
    method: ["GET", "POST", "OPTIONS"],
    url: `${OIDC_PREFIX}/*`,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      atPublicOrigin(raw, publicUrl);
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_PREFIX.length) || "/";
      await handle(raw, reply.raw);
    },
    handler: async () => undefined,
  });

  await app.register(interactionRoutes(provider, sendSignInPage));
  return {
    clientSecret,
    fetch: injectFetch(app),
    endBrowserSession: (request, reply) => endBrowserSession(provider, app.deps.config.https, request, reply),
  };
}

/**
 * Signing out of the app ends the provider's session in that browser too: on a shared computer
 * the next person must not be signed in as the last one by the provider, should the app's
 * prompt=login be taken off its URL. The provider reads its cookie (and checks its
 * signature) as it does itself; the cookie's value is the session's id.
 */
async function endBrowserSession(
  provider: Provider,
  https: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const name = provider.cookieName("session");
  const id = provider.createContext(request.raw, reply.raw).cookies.get(name);
  if (id) await (await provider.Session.find(id))?.destroy();
  for (const cookie of [name, `${name}.sig`]) {
    if (request.cookies[cookie] !== undefined) {
      reply.clearCookie(cookie, { path: "/", httpOnly: true, sameSite: "lax", secure: https });
    }
  }
}

function interactionRoutes(
  provider: Provider,
  sendSignInPage: (reply: FastifyReply) => Promise<FastifyReply>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ uid: z.string().min(1).max(100) });
    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch (error) {
        if (error instanceof errors.SessionNotFound) throw new InteractionExpiredError();
        throw error;
      }
    };
    const finish = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return reply.header("cache-control", "no-store").send({ redirectTo });
    };
    const signInTries = passwordGuessingLimits(app, { perAddress: true });
    const signUpTries = passwordGuessingLimits(app, { perAddress: false });
    const perSignUpMailbox = signUpMailLimit(app);
    const signUpsPerAddress = {
      rateLimit: sharedLimit("sign-up", { max: app.deps.config.rateLimit.signUps, timeWindow: 15 * 60_000 }),
    };
    const failures = {
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      410: apiErrorSchema,
      429: apiErrorSchema,
    };

    app.get(`${OIDC_PREFIX}/interaction/:uid`, { schema: { hide: true, params } }, (_request, reply) =>
      sendSignInPage(reply),
    );

    app.get(
      `${OIDC_PREFIX}/interaction/:uid/details`,
      { schema: { hide: true, params, response: { 200: interactionDetailsSchema, 410: apiErrorSchema } } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        const name = interaction.prompt.name;
        const prompt: "login" | "consent" | "other" = name === "login" || name === "consent" ? name : "other";
        const loginHint = typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : null;
        const screen: "sign-in" | "sign-up" =
          interaction.params[SCREEN_HINT_PARAM] === "sign-up" ? "sign-up" : "sign-in";
        reply.header("cache-control", "no-store");
        return { uid: interaction.uid, prompt, clientName: app.deps.config.instanceName, loginHint, screen };
      },
    );

    app.post(
      `${OIDC_PREFIX}/interaction/:uid/login`,
      {
        schema: {
          hide: true,
          params,
          body: localSignInSchema,
          response: { 200: interactionResultSchema, ...failures },
        },
      },
      async (request, reply) => {
        const tries = await signInTries(request);
        await details(request, reply);
        const account = await authenticate(app.deps, request.body.email, request.body.password);
        await tries.succeeded();
        return finish(request, reply, account.id);
      },
    );

    app.post(
      `${OIDC_PREFIX}/interaction/:uid/signup`,
      {
        config: signUpsPerAddress,
        // With email delivery every sign-up sends a mail, hence a limit per mailbox.
        preHandler: perSignUpMailbox,
        schema: {
          hide: true,
          params,
          body: localSignUpSchema,
          response: { 200: interactionResultSchema, 202: noticeSchema, ...failures },
        },
      },
      async (request, reply) => {
        // Without email delivery, a sign-up to an existing address checks its password (services/
        // local-accounts.ts), so a sign-up that fails counts as a failed sign-in try.
        const tries = await signUpTries(request);
        await details(request, reply);
        const outcome = await signUp(app.deps, request.body);
        await tries.succeeded();
        if (outcome.kind === "signed-in") return finish(request, reply, outcome.account.id);
        return reply.status(202).header("cache-control", "no-store").send({ message: AUTH_MESSAGES.signUpEmailed });
      },
    );

    app.post(
      `${OIDC_PREFIX}/interaction/:uid/abort`,
      { schema: { hide: true, params, response: { 200: interactionResultSchema, 410: apiErrorSchema } } },
      async (request, reply) => {
        await details(request, reply);
        const redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: "access_denied", error_description: "The sign-in was cancelled" },
          { mergeWithLastSubmission: false },
        );
        return reply.send({ redirectTo });
      },
    );
  };
}

/**
 * The provider builds the endpoints it advertises and redirects to from the scheme and host of
 * each request (its issuer is PUBLIC_URL/oidc), and reads them from X-Forwarded-* (provider.ts sets
 * `proxy`). So every request it sees is presented as arriving at PUBLIC_URL, whatever reached this
 * socket: plain HTTP behind a TLS proxy, our own in-process requests (injectFetch), which carry no
 * forwarded headers, or X-Forwarded-* forged by a client. Otherwise discovery behind TLS advertised
 * http:// endpoints, which openid-client refuses.
 */
function atPublicOrigin(raw: IncomingMessage, publicUrl: URL): void {
  raw.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
  raw.headers["x-forwarded-host"] = publicUrl.host;
}

/**
 * Password guessing is slowed per address and account: ten failed tries in 15 minutes for one
 * account from one address (an IPv6 /64), so someone elsewhere cannot lock the owner out by
 * guessing, and a far larger cap for the account from all addresses together, which
 * slows a guesser with many addresses down without stopping the owner as ten tries would. Only
 * tries that pass the first count against the second: one address adds at most ten to the
 * account's cap. Sign-in also caps one address's failed tries over all accounts (sign-up has its
 * own limit per address, which counts every sign-up). Only failures count: a try holds its places
 * while its password is checked and gives them back when it succeeds, so signing in often is
 * never stopped.
 */
export function passwordGuessingLimits(
  app: FastifyInstance,
  {
    perAddress,
    email = emailOf,
  }: {
    perAddress: boolean;
    /** The account's email: the form's by default; a password change (routes/account-email) names the user's. */
    email?: (request: FastifyRequest) => string;
  },
) {
  const window = SIGN_IN_LIMITS.windowMs;
  return failedTryLimits(
    app.deps.repositories.rateLimits,
    [
      ...(perAddress ? [{ name: "sign-in", max: SIGN_IN_LIMITS.perAddress, windowMs: window, key: addressOf }] : []),
      {
        name: "password-guessing",
        max: SIGN_IN_LIMITS.perAddressAndAccount,
        windowMs: window,
        key: (request) => `${addressOf(request)} ${email(request)}`,
      },
      { name: "password-guessing-account", max: SIGN_IN_LIMITS.perAccount, windowMs: window, key: email },
    ],
    () => new AppError("rate_limited", AUTH_MESSAGES.tooManyAttempts),
  );
}

/** The email in a sign-in or sign-up body, as the limits key it. */
function emailOf(request: FastifyRequest): string {
  return String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase();
}

/**
 * With email delivery, every sign-up mails its address (a link, or "you already have an
 * account"): three an hour per address, as "Forgot password?" allows, so nobody can flood a
 * mailbox through it. The key exists for every address, so the limit says nothing either.
 */
function signUpMailLimit(app: FastifyInstance) {
  const limit = mailLimit(app, "sign-up-mailbox", 3, emailOf);
  return async (request: FastifyRequest) => {
    if (signUpByEmail(app.deps)) await limit(request);
  };
}

/** openid-client's fetch, answered by Fastify's injector: our provider without a network round trip. */
function injectFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as "GET" | "POST",
      url: target.pathname + target.search,
      headers: { ...(options.headers as Record<string, string>), host: target.host },
      ...(options.body !== undefined && options.body !== null ? { payload: options.body.toString() } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    return new Response(response.rawPayload.length ? new Uint8Array(response.rawPayload) : null, {
      status: response.statusCode,
      headers,
    });
  };
}
