import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addSourceSchema,
  calendarIdParams,
  connectionStatusSchema,
  eventsQuerySchema,
  outsideEventsSchema,
  outsideSourceSchema,
  outsideSourcesSchema,
  sourceIdParams,
  updateCalendarSchema,
  updateSourceSchema,
} from "../../../../domain/calendar-outside.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import { startOutsideRefresh } from "./refresh.js";
import {
  addSource,
  connectionStatus,
  listSources,
  outsideEvents,
  refreshNow,
  removeSource,
  updateCalendar,
  updateSource,
} from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["calendar"];
/** Adding or refreshing fetches from another server: fewer of those per address than of other calls. */
const FETCHING = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Outside calendars (docs/calendar.md, "Outside calendars"), registered inside the module's routes,
 * so its guard answers 403 MODULE_DISABLED while the module is off. Also starts the hourly refresh.
 */
export const outsideRoutes: FastifyPluginAsyncZod = async (app) => {
  // Started when the server is ready (a build that fails, or one that only lists routes, fetches
  // nothing) and stopped on close after the sweep under way, if any, is done with the database.
  let stop: () => Promise<void> = async () => {};
  app.addHook("onReady", async () => {
    stop = startOutsideRefresh(app.deps);
  });
  app.addHook("onClose", async () => stop());

  app.get(
    "/api/calendar/sources",
    {
      ...signedIn,
      schema: {
        summary: "The caller's outside calendars: subscriptions and CalDAV accounts, with their calendars and status",
        tags,
        response: { 200: outsideSourcesSchema, ...errors },
      },
    },
    async (request) => listSources(app.deps, requireUser(request)),
  );

  app.post(
    "/api/calendar/sources",
    {
      ...signedIn,
      config: { ...signedIn.config, ...FETCHING },
      schema: {
        summary: "Subscribe to an ICS address or connect a CalDAV account (fetched once first: a bad address is a 400)",
        tags,
        body: addSourceSchema,
        response: { 201: outsideSourceSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addSource(app.deps, requireUser(request), request.body)),
  );

  app.patch(
    "/api/calendar/sources/:sourceId",
    {
      ...signedIn,
      schema: {
        summary: "Rename an outside calendar or change its colour",
        tags,
        params: sourceIdParams,
        body: updateSourceSchema,
        response: { 200: outsideSourceSchema, ...errors },
      },
    },
    async (request) => updateSource(app.deps, requireUser(request), request.params.sourceId, request.body),
  );

  app.patch(
    "/api/calendar/sources/:sourceId/calendars/:calendarId",
    {
      ...signedIn,
      schema: {
        summary: "Show or hide one calendar of an account, or give it its own colour",
        tags,
        params: calendarIdParams,
        body: updateCalendarSchema,
        response: { 200: outsideSourceSchema, ...errors },
      },
    },
    async (request) =>
      updateCalendar(app.deps, requireUser(request), request.params.sourceId, request.params.calendarId, request.body),
  );

  app.post(
    "/api/calendar/sources/:sourceId/refresh",
    {
      ...signedIn,
      config: { ...signedIn.config, ...FETCHING },
      schema: {
        summary: "Refresh an outside calendar now (a failure keeps the last good copy and shows in its status)",
        tags,
        params: sourceIdParams,
        response: { 200: outsideSourceSchema, ...errors },
      },
    },
    async (request) => refreshNow(app.deps, requireUser(request), request.params.sourceId),
  );

  app.delete(
    "/api/calendar/sources/:sourceId",
    {
      ...signedIn,
      schema: {
        summary: "Remove a subscription or account with its calendars",
        tags,
        params: sourceIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSource(app.deps, requireUser(request), request.params.sourceId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/calendar/events",
    {
      ...signedIn,
      schema: {
        summary:
          "Events of the caller's shown outside calendars, or of one of theirs (calendarId), from one day to another (at most 366 days)",
        tags,
        querystring: eventsQuerySchema,
        response: { 200: outsideEventsSchema, ...errors },
      },
    },
    async (request) => outsideEvents(app.deps, requireUser(request), request.query),
  );

  app.get(
    "/api/calendar/connection-status",
    {
      ...signedIn,
      schema: {
        summary: "Whether each outside calendar works, when it last synced and its last error",
        tags,
        response: { 200: connectionStatusSchema, ...errors },
      },
    },
    async (request) => connectionStatus(app.deps, requireUser(request)),
  );
};
