/** The live channel's close codes (4000–4999 are the application's own); domain/realtime.ts re-exports them. */
export const CLOSE_CODES = {
  /** The session was signed out or the account deleted: do not reconnect without signing in. */
  signedOut: 4001,
} as const;
