import { z } from "zod";
import { type ApiError, ERROR_CODES } from "./errors.js";

/** The error body as a schema, for OpenAPI responses and for tests that check answers. Kept apart
 * from errors.ts so the web app can import the messages without shipping zod. */
export const apiErrorSchema: z.ZodType<ApiError> = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
