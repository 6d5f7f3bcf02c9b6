import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  answerBodySchema,
  assignBodySchema,
  assignmentOverviewSchema,
  delegateBodySchema,
  delegationListSchema,
  delegationParamsSchema,
  delegationSchema,
  delegationSettingsSchema,
  groupAssignmentsSchema,
  groupParamsSchema,
  rotationBodySchema,
  taskAssignmentSchema,
  taskParamsSchema,
  updateDelegationSettingsSchema,
  volunteeringSchema,
} from "../../../../domain/delegation.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import {
  answerDelegation,
  assignTask,
  claimTask,
  delegateTask,
  readSettings,
  saveSettings,
  setRotation,
  setTaskOpen,
  unassignTask,
  unclaimTask,
} from "./service.js";
import {
  readAssignmentOverview,
  readDelegations,
  readGroupAssignments,
  readTaskAssignment,
  readVolunteering,
} from "./views.js";

const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
const tags = ["delegation"];
const task = { params: taskParamsSchema, response: { 200: taskAssignmentSchema, ...writes } };
const delegation = { params: delegationParamsSchema, response: { 200: delegationSchema, ...writes } };

/**
 * Delegation, assignment, volunteering and rotation (docs/delegation.md). Every write answers
 * with what changed as it is after it; a task the caller cannot see is "Task not found" (404).
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads ------------------------------------------------------------------------------------
  app.get(
    "/api/assignments",
    {
      ...signedIn,
      schema: {
        summary: "Tasks assigned to the caller, and who has what in the groups they own",
        tags,
        response: { 200: assignmentOverviewSchema, ...reads },
      },
    },
    async (request) => readAssignmentOverview(app.deps, requireUser(request)),
  );
  app.get(
    "/api/groups/:groupId/assignments",
    {
      ...signedIn,
      schema: {
        summary: "Who has each task of the group and which are open for volunteers (the task rows' badges)",
        tags,
        params: groupParamsSchema,
        response: { 200: groupAssignmentsSchema, ...reads },
      },
    },
    async (request) => readGroupAssignments(app.deps, requireUser(request), request.params.groupId),
  );
  app.get(
    "/api/tasks/:taskId/assignment",
    {
      ...signedIn,
      schema: { summary: "Who has the task, its request, rotation and what the caller may do", tags, ...task },
    },
    async (request) => readTaskAssignment(app.deps, requireUser(request), request.params.taskId),
  );
  app.get(
    "/api/delegations",
    {
      ...signedIn,
      schema: {
        summary: "Requests waiting for the caller, theirs to others, and the answered ones",
        tags,
        response: { 200: delegationListSchema, ...reads },
      },
    },
    async (request) => readDelegations(app.deps, requireUser(request)),
  );
  app.get(
    "/api/volunteering",
    {
      ...signedIn,
      schema: {
        summary: "Open tasks of the caller's groups, claimed or not",
        tags,
        response: { 200: volunteeringSchema, ...reads },
      },
    },
    async (request) => readVolunteering(app.deps, requireUser(request)),
  );

  // Assignment -------------------------------------------------------------------------------
  app.put(
    "/api/tasks/:taskId/assignee",
    {
      ...signedIn,
      schema: {
        summary: "Assigns the task: the group's owner to any member, a member only to themselves",
        tags,
        body: assignBodySchema,
        ...task,
      },
    },
    async (request) => assignTask(app.deps, requireUser(request), request.params.taskId, request.body.userId),
  );
  app.delete(
    "/api/tasks/:taskId/assignee",
    { ...signedIn, schema: { summary: "Unassigns the task (the group's owner or the assignee)", tags, ...task } },
    async (request) => unassignTask(app.deps, requireUser(request), request.params.taskId),
  );
  app.put(
    "/api/tasks/:taskId/rotation",
    {
      ...signedIn,
      schema: {
        summary: "Rotates a repeating task among members: in turn, or to the one with the least done this week",
        tags,
        body: rotationBodySchema,
        ...task,
      },
    },
    async (request) => setRotation(app.deps, requireUser(request), request.params.taskId, request.body),
  );
  app.delete(
    "/api/tasks/:taskId/rotation",
    { ...signedIn, schema: { summary: "Stops the task's rotation", tags, ...task } },
    async (request) => setRotation(app.deps, requireUser(request), request.params.taskId, null),
  );

  // Delegation -------------------------------------------------------------------------------
  app.post(
    "/api/tasks/:taskId/delegations",
    {
      ...signedIn,
      schema: {
        summary: "The task's owner asks a member of its group to take it (one pending request per task)",
        tags,
        params: taskParamsSchema,
        body: delegateBodySchema,
        response: { 200: delegationSchema, ...writes },
      },
    },
    async (request) =>
      delegateTask(app.deps, requireUser(request), request.params.taskId, request.body.toUserId, request.body.note),
  );
  for (const [action, answer] of [
    ["accept", "accepted"],
    ["decline", "declined"],
  ] as const)
    app.post(
      `/api/delegations/:delegationId/${action}`,
      {
        ...signedIn,
        schema: {
          summary: `The person asked ${action}s the request, with an optional note`,
          tags,
          body: answerBodySchema,
          ...delegation,
        },
      },
      async (request) =>
        answerDelegation(app.deps, requireUser(request), request.params.delegationId, answer, request.body.note),
    );
  app.post(
    "/api/delegations/:delegationId/revoke",
    { ...signedIn, schema: { summary: "The owner who asked takes the request back", tags, ...delegation } },
    async (request) => answerDelegation(app.deps, requireUser(request), request.params.delegationId, "revoked"),
  );

  // Volunteering -----------------------------------------------------------------------------
  app.put(
    "/api/tasks/:taskId/open",
    { ...signedIn, schema: { summary: "Opens the task for volunteers", tags, ...task } },
    async (request) => setTaskOpen(app.deps, requireUser(request), request.params.taskId, true),
  );
  app.delete(
    "/api/tasks/:taskId/open",
    { ...signedIn, schema: { summary: "Closes the task for volunteers", tags, ...task } },
    async (request) => setTaskOpen(app.deps, requireUser(request), request.params.taskId, false),
  );
  app.post(
    "/api/tasks/:taskId/claim",
    {
      ...signedIn,
      schema: {
        summary: "Claims an open task; the first claim wins, the others get 409 naming who has it",
        tags,
        ...task,
      },
    },
    async (request) => claimTask(app.deps, requireUser(request), request.params.taskId),
  );
  app.delete(
    "/api/tasks/:taskId/claim",
    { ...signedIn, schema: { summary: "Gives a claimed task back to the volunteers", tags, ...task } },
    async (request) => unclaimTask(app.deps, requireUser(request), request.params.taskId),
  );

  // The group's switches ---------------------------------------------------------------------
  app.get(
    "/api/groups/:groupId/delegation-settings",
    {
      ...signedIn,
      schema: {
        summary: "Whether delegation, assignment and volunteering are on for the group",
        tags,
        params: groupParamsSchema,
        response: { 200: delegationSettingsSchema, ...reads },
      },
    },
    async (request) => readSettings(app.deps, requireUser(request), request.params.groupId),
  );
  app.patch(
    "/api/groups/:groupId/delegation-settings",
    {
      ...signedIn,
      schema: {
        summary: "The group's owner switches delegation, assignment or volunteering on or off",
        tags,
        params: groupParamsSchema,
        body: updateDelegationSettingsSchema,
        response: { 200: delegationSettingsSchema, ...reads },
      },
    },
    async (request) => saveSettings(app.deps, requireUser(request), request.params.groupId, request.body),
  );
};
