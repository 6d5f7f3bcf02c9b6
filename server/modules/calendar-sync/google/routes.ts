import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { googleAuthUrlSchema } from "../../../../domain/calendar-outside.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import { finishGoogle, googleAuthUrl } from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["calendar"];
/** The way back fetches from Google: as few per address as adding a calendar. */
const FETCHING = { rateLimit: { max: 30, timeWindow: 60_000 } };

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/**
 * Google Calendar with OAuth (docs/calendar.md, "Google Calendar"), inside the module's routes so
 * its guard answers 403 MODULE_DISABLED while the module is off.
 */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/calendar/auth-url",
    {
      ...signedIn,
      schema: {
        summary:
          "Where to send the browser to let this server read the caller's Google calendars (409 without a Google client)",
        tags,
        response: { 200: googleAuthUrlSchema, ...errors },
      },
    },
    async (request) => googleAuthUrl(app.deps, requireUser(request)),
  );

  app.get(
    "/api/calendar/google/callback",
    {
      ...signedIn,
      config: { ...signedIn.config, ...FETCHING },
      schema: {
        summary: "Google sends the browser back here; it is sent on to /calendar-settings with the outcome",
        tags,
        querystring: callbackQuery,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await finishGoogle(app.deps, requireUser(request), request.query);
      // A fixed address: nothing in the request chooses where the browser goes next.
      return reply.redirect(`/calendar-settings?google=${outcome}`, 303);
    },
  );
};
