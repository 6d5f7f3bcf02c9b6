/**
 * Error codes of the HTTP API. Every error answer has the body {error:{code,message}}; the
 * server maps its typed errors to these codes once (server/errors.ts).
 */
export const ERROR_CODES = [
  "validation_failed",
  "unauthorized",
  "forbidden",
  // A module switched off for the caller (or their group): named as the module rules name it.
  "MODULE_DISABLED",
  "not_found",
  "conflict",
  // Google Calendar asked for on a server whose operator added no Google client (docs/calendar.md).
  "GOOGLE_NOT_CONFIGURED",
  "gone",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "service_unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  MODULE_DISABLED: 403,
  not_found: 404,
  conflict: 409,
  GOOGLE_NOT_CONFIGURED: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
  internal: 500,
};

export interface ApiError {
  error: { code: ErrorCode; message: string };
}

/** Messages the foundation itself uses, word for word as clients expect them; features add theirs here. */
export const MESSAGES = {
  internal: "Something went wrong on our side. Please try again.",
  notFoundRoute: "No such API endpoint.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  payloadTooLarge: "The request body is too large.",
  databaseDown: "The database is not reachable.",
  databaseBusy: "The database is busy.",
  /** Production fallback of the error boundary. */
  somethingWentWrong: "Something went wrong. Please retry or contact support.",
  /** Development error boundary heading ("occured" is how clients know it: kept on purpose). */
  devErrorHeading: "An error occured:",
  /** Storage and upload messages. */
  profileNotFound: "Profile not found",
  groupNotFound: "Group not found",
  fileTooLarge: "File too large",
  invalidFileType: "Invalid file type",
  notAuthenticated: "User not authenticated",
  changedMeanwhile: "Something this refers to was changed or deleted meanwhile. Reload and try again.",
} as const;
