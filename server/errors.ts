import { ERROR_STATUS, type ErrorCode } from "../domain/errors.js";

/** One class per kind of failure; the error handler maps each to its HTTP status once. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super("validation_failed", message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "User not authenticated") {
    super("unauthorized", message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super("forbidden", message);
  }
}

/** A route of a module that is off for the caller, or for the group the request is about. */
export class ModuleDisabledError extends AppError {
  constructor(message: string) {
    super("MODULE_DISABLED", message);
  }
}

/** Also used for objects the caller may not see, so they are indistinguishable from missing ones. */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super("not_found", message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super("conflict", message);
  }
}

/** Google Calendar on a server without a Google client (docs/calendar.md, "Google Calendar"). */
export class GoogleNotConfiguredError extends AppError {
  constructor(message: string) {
    super("GOOGLE_NOT_CONFIGURED", message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super("service_unavailable", message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super("payload_too_large", message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super("unsupported_media_type", message);
  }
}

/** More emails asked for (per mailbox or per user) than the hourly limit allows. */
export class TooManyEmailsError extends AppError {
  constructor(message: string) {
    super("rate_limited", message);
  }
}

/** Something that existed but is over: a used or expired emailed link, an expired invitation (410). */
export class GoneError extends AppError {
  constructor(message: string) {
    super("gone", message);
  }
}
