import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const timeTrackingRoutes: FastifyPluginAsyncZod = async () => {};
