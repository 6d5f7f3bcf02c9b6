import { z } from "zod";

/** Body of POST /api/log-error (spec §7 log-error): an error the web app could not handle. */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(2_000),
  stack: z.string().max(16_000).optional(),
  path: z.string().startsWith("/").max(2_000),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
