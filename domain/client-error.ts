import { z } from "zod";
import { storableText } from "./fields.js";

/** Body of POST /api/log-error: an error the web app could not handle. */
export const clientErrorReportSchema = z.object({
  message: storableText().trim().min(1).max(2_000),
  stack: storableText().max(16_000).optional(),
  path: storableText().startsWith("/").max(2_000),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
