import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Element } from "@xmldom/xmldom";
import type { AppDeps } from "../../../deps.js";
import { NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { davAuthentication, davUser } from "./auth.js";
import { davGroup, davGroups, findResource, listResources } from "./collection.js";
import { calendarPath, DAV_ROOT, HOME_PATH, objectPath, parseDavPath, principalPath, type DavPath } from "./paths.js";
import {
  type CalendarInfo,
  calendarProps,
  objectProps,
  principalProps,
  type PropRequest,
  propstats,
  rootProps,
} from "./properties.js";
import { calendarQuery, multiget, propRequestOf, syncCollection, syncToken } from "./reports.js";
import { ICalendarError } from "./vtodo.js";
import { DavPreconditionError, deleteResource, putResource } from "./write.js";
import {
  CALDAV,
  children,
  DAV,
  element,
  errorDocument,
  is,
  multistatus,
  nameOf,
  parseXml,
  qname,
  response,
  XmlError,
} from "./xml.js";

/**
 * The CalDAV server at /dav (RFC 4791, docs/calendar.md "CalDAV"). Calendar apps sign in with
 * HTTP Basic and an app password (auth.ts); every group the user is in is a calendar of tasks.
 */

const DAV_METHODS = ["PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR", "MKCOL"] as const;
const ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR";
const XML_TYPE = "application/xml; charset=utf-8";

function sendXml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type(XML_TYPE).send(body);
}

function depthOf(request: FastifyRequest, fallback: "0" | "1"): "0" | "1" {
  const depth = String(request.headers.depth ?? fallback)
    .trim()
    .toLowerCase();
  // "infinity" is answered as 1: the tree is never deeper than a calendar and its tasks.
  return depth === "0" ? "0" : "1";
}

function bodyXml(request: FastifyRequest): Element | null {
  const body = request.body;
  if (body === undefined || body === null || body === "") return null;
  if (typeof body !== "string") throw new XmlError("The body is not XML");
  return parseXml(body);
}

async function calendarInfo(app: FastifyInstance, groupId: string, name: string): Promise<CalendarInfo> {
  const seq = await app.deps.repositories.tasks.latestChange(groupId);
  return {
    groupId,
    name,
    syncToken: syncToken(groupId, seq),
    ctag: `"${seq}"`,
    maxSize: app.deps.config.bodyLimitBytes,
  };
}

function propRequestOfPropfind(root: Element | null): PropRequest {
  if (!root) return { kind: "all" };
  if (!is(root, DAV, "propfind")) throw new XmlError("Expected DAV:propfind");
  return propRequestOf(root);
}

async function propfind(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User, path: DavPath) {
  const asked = propRequestOfPropfind(bodyXml(request));
  const depth = depthOf(request, "1");
  const { deps } = app;
  const answers: string[] = [];
  const calendarAnswer = async (groupId: string, name: string) =>
    response(calendarPath(groupId), propstats(calendarProps(user, await calendarInfo(app, groupId, name)), asked));
  switch (path.kind) {
    case "root":
      answers.push(response(DAV_ROOT, propstats(rootProps(user, DAV_ROOT), asked)));
      if (depth === "1") {
        answers.push(response(principalPath(user.id), propstats(principalProps(user), asked)));
        answers.push(response(HOME_PATH, propstats(rootProps(user, HOME_PATH), asked)));
      }
      break;
    case "principals":
      answers.push(response("/dav/principals/", propstats(rootProps(user, "/dav/principals/"), asked)));
      if (depth === "1") answers.push(response(principalPath(user.id), propstats(principalProps(user), asked)));
      break;
    case "principal":
      if (path.userId !== user.id) throw new NotFoundError("Not found");
      answers.push(response(principalPath(user.id), propstats(principalProps(user), asked)));
      break;
    case "home":
      answers.push(response(HOME_PATH, propstats(rootProps(user, HOME_PATH), asked)));
      if (depth === "1") {
        for (const group of await davGroups(deps, user)) answers.push(await calendarAnswer(group.id, group.name));
      }
      break;
    case "calendar": {
      const group = await davGroup(deps, user, path.groupId);
      answers.push(await calendarAnswer(group.id, group.name));
      if (depth === "1") {
        for (const resource of await listResources(deps, user, group.id)) {
          answers.push(response(objectPath(group.id, resource.href), propstats(objectProps(resource, true), asked)));
        }
      }
      break;
    }
    case "object": {
      await davGroup(deps, user, path.groupId);
      const { resource } = await findResource(deps, user, path.groupId, path.name);
      if (!resource) throw new NotFoundError("Not found");
      answers.push(response(objectPath(path.groupId, resource.href), propstats(objectProps(resource, true), asked)));
      break;
    }
    default:
      throw new NotFoundError("Not found");
  }
  return sendXml(reply, 207, multistatus(answers));
}

/** PROPPATCH: nothing here is the calendar app's to change (names and colours are the group's, set in the app). */
async function proppatch(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  path: DavPath,
) {
  if (path.kind === "calendar") await davGroup(app.deps, user, path.groupId);
  else if (path.kind === "object") {
    await davGroup(app.deps, user, path.groupId);
    if (!(await findResource(app.deps, user, path.groupId, path.name)).resource) throw new NotFoundError("Not found");
  } else if (path.kind === "invalid") throw new NotFoundError("Not found");
  const root = bodyXml(request);
  if (!root || !is(root, DAV, "propertyupdate")) throw new XmlError("Expected DAV:propertyupdate");
  const names = children(root)
    .filter((action) => is(action, DAV, "set") || is(action, DAV, "remove"))
    .flatMap((action) => children(action).filter((prop) => is(prop, DAV, "prop")))
    .flatMap((prop) => children(prop).map(nameOf));
  const href = new URL(request.url, "http://x").pathname;
  return sendXml(
    reply,
    207,
    multistatus([response(href, [{ status: 403, props: names.map((name) => element(name)) }])]),
  );
}

async function report(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User, path: DavPath) {
  const root = bodyXml(request);
  if (!root) throw new XmlError("A REPORT needs a body");
  if (path.kind !== "calendar") {
    if (path.kind === "object") await davGroup(app.deps, user, path.groupId);
    throw new DavPreconditionError(403, { ns: "DAV:", name: "supported-report" }, "Reports are made on a calendar");
  }
  const group = await davGroup(app.deps, user, path.groupId);
  if (is(root, DAV, "sync-collection"))
    return sendXml(reply, 207, await syncCollection(app.deps, user, group.id, root));
  if (is(root, CALDAV, "calendar-multiget")) return sendXml(reply, 207, await multiget(app.deps, user, group.id, root));
  if (is(root, CALDAV, "calendar-query"))
    return sendXml(reply, 207, await calendarQuery(app.deps, user, group.id, root));
  throw new DavPreconditionError(403, { ns: "DAV:", name: "supported-report" }, "This report is not supported");
}

async function getObject(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  path: DavPath,
) {
  if (path.kind !== "object") {
    if (path.kind === "invalid") throw new NotFoundError("Not found");
    if (path.kind === "calendar") await davGroup(app.deps, user, path.groupId);
    return reply.type("text/plain; charset=utf-8").send("Tandem CalDAV: add this address to a calendar app.\n");
  }
  await davGroup(app.deps, user, path.groupId);
  const { resource } = await findResource(app.deps, user, path.groupId, path.name);
  if (!resource) throw new NotFoundError("Not found");
  reply.header("etag", resource.etag).header("cache-control", "private, no-cache");
  if (request.headers["if-none-match"] === resource.etag) return reply.code(304).send();
  return reply.type("text/calendar; charset=utf-8").send(resource.text);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

async function put(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User, path: DavPath) {
  if (path.kind !== "object") {
    if (path.kind === "invalid") throw new ValidationError("Not a valid resource name");
    throw new DavPreconditionError(405, null, "Only tasks are written here");
  }
  await davGroup(app.deps, user, path.groupId);
  if (typeof request.body !== "string" || request.body === "")
    throw new DavPreconditionError(415, { ns: CALDAV, name: "supported-calendar-data" }, "Send text/calendar");
  const result = await putResource(app.deps, user, path.groupId, path.name, request.body, {
    ifMatch: header(request, "if-match"),
    ifNoneMatch: header(request, "if-none-match"),
  });
  if (result.etag) reply.header("etag", result.etag);
  return reply.code(result.created ? 201 : 204).send();
}

async function remove(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User, path: DavPath) {
  if (path.kind !== "object") {
    if (path.kind === "calendar") await davGroup(app.deps, user, path.groupId);
    if (path.kind === "invalid") throw new NotFoundError("Not found");
    // A calendar is a group: it is deleted in the app, where its members are asked.
    throw new DavPreconditionError(403, null, "Calendars are groups: delete a group in the app");
  }
  await davGroup(app.deps, user, path.groupId);
  if (!(await deleteResource(app.deps, user, path.groupId, path.name, header(request, "if-match"))))
    throw new NotFoundError("Not found");
  return reply.code(204).send();
}

type Handler = (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  path: DavPath,
) => unknown;

/** The answer to a DAV error: WebDAV's XML for preconditions and malformed bodies; the app's JSON for the rest. */
function davErrors(handler: Handler): Handler {
  return async (app, request, reply, user, path) => {
    try {
      return await handler(app, request, reply, user, path);
    } catch (error) {
      if (error instanceof DavPreconditionError) {
        if (error.status === 405) reply.header("allow", ALLOW);
        return error.condition
          ? sendXml(reply, error.status, errorDocument(qname(error.condition.ns, error.condition.name)))
          : reply.code(error.status).type("text/plain; charset=utf-8").send(`${error.message}\n`);
      }
      if (error instanceof XmlError)
        return reply.code(400).type("text/plain; charset=utf-8").send(`${error.message}\n`);
      if (error instanceof ICalendarError)
        return sendXml(reply, 403, errorDocument(qname(CALDAV, "valid-calendar-data")));
      throw error;
    }
  };
}

const HANDLERS: Record<string, Handler> = {
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  REPORT: report,
  GET: getObject,
  HEAD: getObject,
  PUT: put,
  DELETE: remove,
};

/** WebDAV's methods, which Fastify 5 leaves out unless asked. */
export function addDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
}

export async function davRoutes(app: FastifyInstance): Promise<void> {
  addDavMethods(app);
  const deps: AppDeps = app.deps;
  await app.register(async (scope) => {
    // Bodies of any type reach the handlers as text; each says what it accepts (XML or iCalendar).
    const asText = { parseAs: "string" as const, bodyLimit: deps.config.bodyLimitBytes };
    scope.addContentTypeParser(["application/xml", "text/xml", "text/calendar"], asText, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser("*", asText, (_request, body, done) => done(null, body));
    await davAuthentication(scope);

    const handle = (method: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const user = davUser(request);
      const path = parseDavPath(request.url);
      if (method === "OPTIONS")
        return reply.header("dav", "1, 3, calendar-access").header("allow", ALLOW).code(200).send();
      if (method === "MKCALENDAR" || method === "MKCOL") {
        // Calendars are groups, made in the app where members are invited.
        return sendXml(reply, 403, errorDocument(qname(CALDAV, "calendar-collection-location-ok")));
      }
      return davErrors(HANDLERS[method]!)(app, request, reply, user, path);
    };
    for (const url of ["/dav", "/dav/*"]) {
      for (const method of [...DAV_METHODS, "OPTIONS", "GET", "PUT", "DELETE"]) {
        scope.route({ method, url, handler: handle(method) });
      }
    }
  });
}
