/**
 * The service worker's version and the messages the page and the worker exchange:
 * requests are answered on the MessageChannel port sent along, within MESSAGE_TIMEOUT_MS.
 */
export const SERVICE_WORKER_VERSION = "2.0.0";

/** Local storage key of the registration info (web/offline/service-worker.ts). */
export const REGISTRATION_INFO_KEY = "serviceWorkerRegistration";

/** Service worker timings; a phone gets longer waits and more tries. */
export const SERVICE_WORKER_TIMINGS = {
  registrationTimeoutMs: 10_000,
  mobileRegistrationTimeoutMs: 20_000,
  messageTimeoutMs: 5_000,
  versionCheckTimeoutMs: 5_000,
  readyTimeoutMs: 5_000,
  mobileReadyTimeoutMs: 15_000,
  readyRetries: 3,
  mobileReadyRetries: 5,
  maxAttempts: 3,
  staleRegistrationMs: 60 * 60_000,
  updateCheckIntervalMs: 24 * 60 * 60_000,
} as const;

export type WorkerRequest =
  | { type: "PING" }
  | { type: "CHECK_MOBILE_COMPATIBILITY"; standalone?: boolean }
  | { type: "PUSH_SUBSCRIPTION_UPDATE"; subscription?: unknown }
  /** The older name of the same message, still accepted. */
  | { type: "FCM_TOKEN_UPDATE"; token?: unknown }
  | { type: "SKIP_WAITING" }
  | { type: "FLUSH_QUEUE" };

export type WorkerReply =
  | { type: "PONG"; version: string }
  | { type: "MOBILE_COMPATIBILITY_RESULTS"; issues: string[] }
  | { type: "PUSH_SUBSCRIPTION_UPDATED" };
