import { z } from "zod";
import { storableText } from "./fields.js";

/**
 * The id a client gives a write so the server applies it once: a retry, a duplicate
 * delivery or a second tab replaying its queue gets the first answer. Sent in the body, or in the
 * query of a request without one (DELETE, share).
 */
export const operationIdSchema = storableText().min(8).max(100).optional();

/** For routes that take the operationId in the query. */
export const operationIdQuerySchema = z.object({ operationId: operationIdSchema });
