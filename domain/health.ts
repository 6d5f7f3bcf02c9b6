import { z } from "zod";

/** Body of GET /api/healthz, for both the 200 and the 503 answer. */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.object({
    status: z.enum(["up", "down"]),
    dialect: z.enum(["sqlite", "postgres"]),
    latencyMs: z.number().nullable(),
  }),
  /**
   * Live events from the other server processes: "down" while PostgreSQL's LISTEN connection is
   * lost (always "up" on SQLite, one process). Down makes the whole answer "unavailable".
   */
  realtime: z.object({ status: z.enum(["up", "down"]) }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
