import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createdFeedSchema,
  createFeedSchema,
  FEED_MESSAGES,
  feedIdParams,
  feedSchema,
  feedsSchema,
  updateFeedSchema,
} from "../../../domain/calendar-feeds.js";
import { NotFoundError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { addDavMethods, davRoutes } from "./dav/routes.js";
import { createFeed, listFeeds, readFeed, revokeFeed, updateFeed } from "./feeds.js";
import { googleRoutes } from "./google/routes.js";
import { outsideRoutes } from "./outside/routes.js";
import { pushRoutes } from "./push/routes.js";

const errors = errorResponses(400, 401, 403, 404);
const tags = ["calendar"];
/** A feed's file name: its 256-bit secret in base64url, then ".ics". */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The calendar-sync module's API (docs/calendar.md). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  addDavMethods(app);
  // CalDAV discovery (RFC 6764): before any sign-in, so an app given only the host finds /dav/.
  await app.register(async (scope) => {
    // Its PROPFIND carries an XML body, unread: the body type must not stop the redirect.
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.route({
      method: ["GET", "PROPFIND"],
      url: "/.well-known/caldav",
      schema: { hide: true },
      handler: async (_request, reply) => reply.redirect("/dav/", 301),
    });
  });
  await app.register(davRoutes);
  await app.register(outsideRoutes);
  await app.register(pushRoutes);
  await app.register(googleRoutes);

  app.get(
    "/api/calendar/feeds",
    {
      ...signedIn,
      schema: {
        summary: "The caller's calendar feeds (without their addresses)",
        tags,
        response: { 200: feedsSchema, ...errors },
      },
    },
    async (request) => listFeeds(app.deps, requireUser(request)),
  );

  app.post(
    "/api/calendar/feeds",
    {
      ...signedIn,
      schema: {
        summary: "Make the feed of all groups or of one group, or give it a new address (the old one stops working)",
        tags,
        body: createFeedSchema,
        response: { 201: createdFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createFeed(app.deps, requireUser(request), request.body, new Date());
      return reply.code(201).header("cache-control", "no-store").send(created);
    },
  );

  app.patch(
    "/api/calendar/feeds/:feedId",
    {
      ...signedIn,
      schema: {
        summary: "Whether the feed shows completed tasks too",
        tags,
        params: feedIdParams,
        body: updateFeedSchema,
        response: { 200: feedSchema, ...errors },
      },
    },
    async (request) => updateFeed(app.deps, requireUser(request), request.params.feedId, request.body.includeCompleted),
  );

  app.delete(
    "/api/calendar/feeds/:feedId",
    {
      ...signedIn,
      schema: {
        summary: "Revoke the feed: its address stops working",
        tags,
        params: feedIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeFeed(app.deps, requireUser(request), request.params.feedId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/calendar/feed/:file",
    {
      schema: {
        summary: "A feed's iCalendar text, for the calendar app that holds its secret address",
        tags,
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      if (!token) throw new NotFoundError(FEED_MESSAGES.notFound);
      const body = await readFeed(app.deps, token, new Date());
      const etag = `"${createHash("sha256").update(body).digest("base64url")}"`;
      // The address is the credential: no shared cache, no referrer, no search engine keeps it.
      reply
        .header("etag", etag)
        .header("cache-control", "private, no-cache")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="tandem.ics"')
        .send(body);
    },
  );
};
