import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const assignmentRoutes: FastifyPluginAsyncZod = async () => {};
