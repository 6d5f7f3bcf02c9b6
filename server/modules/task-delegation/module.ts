import type { FastifyPluginAsync } from "fastify";
import type { ServerModule } from "../server-module.js";
import { assignmentMigrations } from "./assignment/migrations.js";
import { assignmentRoutes } from "./assignment/routes.js";
import { assignmentTaskWrites } from "./assignment/task-writes.js";
import { timeTrackingMigrations } from "./time-tracking/migrations.js";
import { timeTrackingRoutes } from "./time-tracking/routes.js";
import { timeTrackingTaskWrites } from "./time-tracking/task-writes.js";

/**
 * Who does what, and how long it takes (docs/delegation.md, docs/time-tracking.md): delegation,
 * assignment, volunteering and rotation in assignment/, timers and time entries in time-tracking/.
 * Always on (domain/module-rules.ts); a group owner switches its parts per group.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(assignmentRoutes);
  await app.register(timeTrackingRoutes);
};

export const taskDelegation: ServerModule = {
  id: "task-delegation",
  migrations: { ...assignmentMigrations, ...timeTrackingMigrations },
  routes,
  taskWrites: [assignmentTaskWrites, timeTrackingTaskWrites],
};
