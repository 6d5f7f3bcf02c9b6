import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createdEventSchema,
  createEventSchema,
  pushSettingsSchema,
  pushStatusSchema,
} from "../../../../domain/calendar-push.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import { startPush } from "./push.js";
import { choosePushCalendar, createEvent, pushNow, pushStatus } from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["calendar"];
/** Each of these writes to another server: fewer of them per address than of other calls. */
const WRITING = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Tasks in a connected calendar (docs/calendar.md, "Tasks in your calendar"), inside the module's
 * routes and its guard. Also starts the push job when the server is ready.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  let stop: () => Promise<void> = async () => {};
  app.addHook("onReady", async () => {
    stop = startPush(app.deps);
  });
  app.addHook("onClose", async () => stop());

  app.get(
    "/api/calendar/push",
    {
      ...signedIn,
      schema: {
        summary: "Which calendar the caller's tasks go into, and how the last push went",
        tags,
        response: { 200: pushStatusSchema, ...errors },
      },
    },
    async (request) => pushStatus(app.deps, requireUser(request)),
  );

  app.put(
    "/api/calendar/push",
    {
      ...signedIn,
      config: { ...signedIn.config, ...WRITING },
      schema: {
        summary: "Put every open task with a deadline into a calendar of a connected account (null: take them out)",
        tags,
        body: pushSettingsSchema,
        response: { 200: pushStatusSchema, ...errors },
      },
    },
    async (request) => choosePushCalendar(app.deps, requireUser(request), request.body.calendarId),
  );

  app.post(
    "/api/calendar/push/sync",
    {
      ...signedIn,
      config: { ...signedIn.config, ...WRITING },
      schema: {
        summary: "Push now: compare every task with its event in the calendar",
        tags,
        response: { 200: pushStatusSchema, ...errors },
      },
    },
    async (request) => pushNow(app.deps, requireUser(request)),
  );

  app.post(
    "/api/calendar/events",
    {
      ...signedIn,
      config: { ...signedIn.config, ...WRITING },
      schema: {
        summary: "Put one task into a connected calendar as an event, kept in step with the task from then on",
        tags,
        body: createEventSchema,
        response: { 201: createdEventSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createEvent(app.deps, requireUser(request), request.body)),
  );
};
