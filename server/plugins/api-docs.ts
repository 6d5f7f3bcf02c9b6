import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Config } from "../env.js";

/** OpenAPI document at /api/docs/json and its UI at /api/docs, generated from the routes' zod schemas. */
export async function registerApiDocs(app: FastifyInstance, config: Config, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.instanceName} API`,
        version,
        description:
          "The HTTP API of this Tandem instance. Every error answer has the body `{ error: { code, message } }`. " +
          "See docs/api.md in the repository for how each call of the product specification maps to an endpoint.",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { deepLinking: true } });
}
