import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  noticeSchema,
  resetPasswordSchema,
  resetTargetSchema,
  tokenBodySchema,
  verifiedEmailSchema,
} from "../../../domain/account-email.js";
import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { requireUser } from "../../plugins/authentication.js";
import { passwordGuessingLimits } from "../../plugins/identity-provider/index.js";
import { mailLimit, sharedLimit } from "../../plugins/rate-limits.js";
import { resendVerification, verifyEmail } from "../../services/accounts/email-verification.js";
import { changePassword, checkNewPassword } from "../../services/accounts/password-change.js";
import { checkResetLink, requestPasswordReset, resetPassword } from "../../services/accounts/password-reset.js";

const QUARTER_HOUR = 15 * 60_000;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
/**
 * Links carry 256 random bits, so this only keeps a single address from hammering the database.
 * Counted for all server processes together (plugins/rate-limits.ts), like every limit here.
 */
const perAddress = (name: string) => ({ rateLimit: sharedLimit(name, { max: 30, timeWindow: QUARTER_HOUR }) });

/**
 * Email verification, password reset and password change of the built-in provider's local
 * accounts (registered only when the provider is on). Links arrive by email; the pages they open
 * POST them here.
 */
export const accountEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const perMailbox = mailLimit(
    app,
    "forgot-password-mailbox",
    3,
    (request) => (request.body as { email: string }).email,
  );
  const perUser = mailLimit(app, "verify-email-resend", 3, (request) => request.auth?.user.id ?? "");
  // The current password is a password to guess like sign-in's: the same counters, keyed by the user's email.
  const passwordTries = passwordGuessingLimits(app, {
    perAddress: true,
    email: (request) => (request.auth?.user.email ?? request.auth?.user.id ?? "").toLowerCase(),
  });

  app.post(
    "/api/auth/verify-email",
    {
      config: perAddress("verify-email"),
      schema: {
        summary: "Confirms the email address of a local account with the emailed link's token",
        tags: ["auth"],
        body: tokenBodySchema,
        response: { 200: verifiedEmailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return verifyEmail(app.deps, request.body.token);
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    {
      config: { auth: "user" },
      preHandler: perUser,
      schema: {
        summary: "Emails a new confirmation link to the signed-in user (local accounts, 3 an hour)",
        tags: ["auth"],
        response: { 202: noticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      await resendVerification(app.deps, requireUser(request));
      return reply.status(202).send({ message: ACCOUNT_EMAIL_MESSAGES.verificationSent });
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: { rateLimit: sharedLimit("forgot-password", { max: 20, timeWindow: QUARTER_HOUR }) },
      preHandler: perMailbox,
      schema: {
        summary: "Emails a password reset link if the account exists; the answer is the same either way",
        tags: ["auth"],
        body: forgotPasswordSchema,
        response: { 202: noticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      requestPasswordReset(app.deps, request.body.email);
      return reply.status(202).send({ message: ACCOUNT_EMAIL_MESSAGES.resetRequested });
    },
  );

  app.post(
    "/api/auth/reset-password/check",
    {
      config: perAddress("reset-password-check"),
      schema: {
        summary: "Whose password a reset link changes, without using the link up",
        tags: ["auth"],
        body: tokenBodySchema,
        response: { 200: resetTargetSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkResetLink(app.deps, request.body.token);
    },
  );

  app.post(
    "/api/account/password",
    {
      config: { auth: "session" },
      schema: {
        summary:
          "Changes your password (built-in sign-in): needs the current one; signs out your other browsers and stops their pushes",
        tags: ["account"],
        body: changePasswordSchema,
        response: { 200: noticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const sessionIdHash = request.auth?.via === "session" ? request.auth.sessionIdHash : "";
      // A weak or unchanged new password is refused before it counts as a try of the current one.
      await checkNewPassword(app.deps, user, request.body);
      const tries = await passwordTries(request);
      await changePassword(app.deps, user, sessionIdHash, request.body);
      await tries.succeeded();
      reply.header("cache-control", "no-store");
      return { message: ACCOUNT_EMAIL_MESSAGES.passwordChangedSignedIn };
    },
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: perAddress("reset-password"),
      schema: {
        summary: "Sets a new password with a reset link; ends every session and API token of the account",
        tags: ["auth"],
        body: resetPasswordSchema,
        response: { 200: noticeSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(app.deps, request.body.token, request.body.password);
      return { message: ACCOUNT_EMAIL_MESSAGES.passwordChanged };
    },
  );
};
