import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  entriesQuerySchema,
  entriesSchema,
  entryChangeSchema,
  entryParamsSchema,
  estimateSchema,
  newEntrySchema,
  reportQuerySchema,
  reportSchema,
  startTimerSchema,
  stoppedSchema,
  stopTimerSchema,
  taskParamsSchema,
  taskTimeSchema,
  timeEntrySchema,
  timerSchema,
} from "../../../../domain/time-tracking.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import { startTimerReminderSweep } from "./reminder.js";
import { timeReport, timeReportCsv } from "./report.js";
import {
  changeEntry,
  createEntry,
  deleteEntry,
  getTaskTime,
  getTimer,
  listEntries,
  setEstimate,
  startTimer,
  stopTimer,
} from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["time tracking"];

/**
 * Time tracking's API (docs/time-tracking.md): the caller's timer and entries, task estimates,
 * reports. Writes carry the client's instants, so a write the offline queue sends late records
 * when the user acted.
 */
export const timeTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The 8-hour reminders run with the server, like the core's deadline reminders.
  let stopSweep = () => {};
  app.addHook("onReady", async () => {
    stopSweep = startTimerReminderSweep(app.deps);
  });
  app.addHook("onClose", async () => stopSweep());

  app.get(
    "/api/time/timer",
    {
      ...signedIn,
      schema: { summary: "The caller's running timer, or null", tags, response: { 200: timerSchema, ...errors } },
    },
    async (request) => getTimer(app.deps, requireUser(request)),
  );

  app.post(
    "/api/time/timer",
    {
      ...signedIn,
      schema: {
        summary: "Starts a timer on a task (stopping a running one at that instant); the same id again changes nothing",
        tags,
        body: startTimerSchema,
        response: { 200: timerSchema, ...errors },
      },
    },
    async (request) => startTimer(app.deps, requireUser(request), request.body),
  );

  app.post(
    "/api/time/timer/stop",
    {
      ...signedIn,
      schema: {
        summary: "Stops the timer at the instant the user pressed Stop; a stopped one answers as it ended",
        tags,
        body: stopTimerSchema,
        response: { 200: stoppedSchema, ...errors },
      },
    },
    async (request) => stopTimer(app.deps, requireUser(request), request.body),
  );

  app.get(
    "/api/time/entries",
    {
      ...signedIn,
      schema: {
        summary: "The caller's entries that touch [from, to), newest first",
        tags,
        querystring: entriesQuerySchema,
        response: { 200: entriesSchema, ...errors },
      },
    },
    async (request) => ({
      entries: await listEntries(app.deps, requireUser(request), request.query.from, request.query.to),
    }),
  );

  app.post(
    "/api/time/entries",
    {
      ...signedIn,
      schema: {
        summary: "Adds a finished entry by hand: end after start, not in the future, at most 24 h, no overlap",
        tags,
        body: newEntrySchema,
        response: { 200: timeEntrySchema, 201: timeEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { entry, created } = await createEntry(app.deps, requireUser(request), request.body, randomUUID());
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.patch(
    "/api/time/entries/:entryId",
    {
      ...signedIn,
      schema: {
        summary: "Changes one of the caller's finished entries, with the rules of adding one",
        tags,
        params: entryParamsSchema,
        body: entryChangeSchema,
        response: { 200: timeEntrySchema, ...errors },
      },
    },
    async (request) => changeEntry(app.deps, requireUser(request), request.params.entryId, request.body),
  );

  app.delete(
    "/api/time/entries/:entryId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes one of the caller's entries; one that is not there changes nothing",
        tags,
        params: entryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEntry(app.deps, requireUser(request), request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/tasks/:taskId/time",
    {
      ...signedIn,
      schema: {
        summary: "A task's estimate and the time spent on it (the caller's, or everyone's for the group's owner)",
        tags,
        params: taskParamsSchema,
        response: { 200: taskTimeSchema, ...errors },
      },
    },
    async (request) => getTaskTime(app.deps, requireUser(request), request.params.taskId),
  );

  app.put(
    "/api/tasks/:taskId/estimate",
    {
      ...signedIn,
      schema: {
        summary: "Sets a task's estimate in minutes (whoever may edit the task)",
        tags,
        params: taskParamsSchema,
        body: estimateSchema,
        response: { 200: taskTimeSchema, ...errors },
      },
    },
    async (request) => setEstimate(app.deps, requireUser(request), request.params.taskId, request.body.minutes),
  );

  app.delete(
    "/api/tasks/:taskId/estimate",
    {
      ...signedIn,
      schema: {
        summary: "Removes a task's estimate",
        tags,
        params: taskParamsSchema,
        response: { 200: taskTimeSchema, ...errors },
      },
    },
    async (request) => setEstimate(app.deps, requireUser(request), request.params.taskId, null),
  );

  app.get(
    "/api/time/report",
    {
      ...signedIn,
      schema: {
        summary: "Totals by member, category and week in the viewer's zone, and estimate against actual",
        tags,
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => timeReport(app.deps, requireUser(request), request.query),
  );

  app.get(
    "/api/time/report.csv",
    {
      ...signedIn,
      schema: {
        summary: "The report's entries as CSV (RFC 4180; cells that would run as formulas neutralised)",
        tags,
        querystring: reportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await timeReportCsv(app.deps, requireUser(request), request.query);
      const { from, to } = request.query;
      return reply
        .header("content-type", "text/csv; charset=utf-8; header=present")
        .header("content-disposition", `attachment; filename="time-${from}-to-${to}.csv"`)
        .send(csv);
    },
  );
};
