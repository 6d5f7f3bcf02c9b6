import type { FastifyInstance, FastifyRequest } from "fastify";
import { ForbiddenError, UnauthorizedError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { resolveApiToken } from "../../../services/sign-in/api-tokens.js";

/**
 * Calendar apps sign in with HTTP Basic: any user name (the email, say) and an app password, which
 * is a personal API token, of the "calendar" scope or a full one (docs/calendar.md). It runs in
 * onRequest, so the module's guard (preValidation, server/modules/register-modules.ts) finds the
 * user. A browser session is not enough: a page of another site could otherwise make the browser
 * send PUTs with its cookie, and calendar apps never have one.
 */

export const DAV_REALM = 'Basic realm="Tandem CalDAV", charset="UTF-8"';

function basicPassword(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return /^Bearer\s/i.test(header) ? undefined : null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

export async function davAuthentication(scope: FastifyInstance): Promise<void> {
  scope.addHook("onRequest", async (request, reply) => {
    const password = basicPassword(request);
    const refuse = (message?: string) => {
      reply.header("www-authenticate", DAV_REALM);
      return new UnauthorizedError(message);
    };
    if (password === null) throw refuse("Use an app password from Tandem's calendar settings");
    if (password !== undefined) {
      const resolved = await resolveApiToken(scope.deps, password);
      if (!resolved) throw refuse("The app password is not valid");
      request.auth = { via: "token", user: resolved.user, tokenId: resolved.tokenId };
      return;
    }
    // A Bearer token was resolved by the app's own hook (server/plugins/authentication.ts).
    if (!request.auth) throw refuse();
  });
  // After the module's guard, so a switched-off module answers MODULE_DISABLED whoever asks.
  scope.addHook("preHandler", async (request) => {
    if (request.auth?.via === "session")
      throw new ForbiddenError("Calendar apps sign in with an app password, not a browser session");
  });
}

/** The user a DAV request is made for (the hooks above let no other request through). */
export function davUser(request: FastifyRequest): User {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth.user;
}
