import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import { backupSchema, restoreResultSchema, restoreSchema } from "../../../domain/backup.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../responses.js";
import { backupGroup, backupUserTasks, restoreGroup, restoreUserTasks } from "../../services/tasks/backup.js";

const errors = errorResponses(400, 401, 403, 404, 413);
const groupParams = z.object({ groupId: storableText().min(1).max(100) });
const tags = ["backup"];
/** A backup of thousands of tasks with notes is larger than an ordinary request. */
const RESTORE_BODY_LIMIT = 20 * 1024 * 1024;

/** Backup and restore (spec backup-tasks, restore-tasks, group_backup_tasks, group_restore_tasks). */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const attachment = (name: string) => `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.json"`;

  app.get(
    "/api/backup",
    {
      ...signedIn,
      schema: { summary: "A backup file of the tasks you own", tags, response: { 200: backupSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header("content-disposition", attachment("tandem-tasks"));
      return backupUserTasks(app.deps, requireUser(request));
    },
  );

  app.post(
    "/api/backup/restore",
    {
      ...signedIn,
      bodyLimit: RESTORE_BODY_LIMIT,
      schema: {
        summary: "Restores your tasks from a backup: merge adds what is missing, replace (confirm) starts over",
        tags,
        body: restoreSchema,
        response: { 200: restoreResultSchema, ...errors },
      },
    },
    async (request) => restoreUserTasks(app.deps, requireUser(request), request.body.backup, request.body.mode),
  );

  app.get(
    "/api/groups/:groupId/backup",
    {
      ...signedIn,
      schema: {
        summary: "A backup file of a group's tasks and categories",
        tags,
        params: groupParams,
        response: { 200: backupSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("content-disposition", attachment("tandem-group"));
      return backupGroup(app.deps, requireUser(request), request.params.groupId);
    },
  );

  app.post(
    "/api/groups/:groupId/restore",
    {
      ...signedIn,
      bodyLimit: RESTORE_BODY_LIMIT,
      schema: {
        summary: "Restores a group backup into this group (replace: the owner)",
        tags,
        params: groupParams,
        body: restoreSchema,
        response: { 200: restoreResultSchema, ...errors },
      },
    },
    async (request) =>
      restoreGroup(app.deps, requireUser(request), request.params.groupId, request.body.backup, request.body.mode),
  );
};
