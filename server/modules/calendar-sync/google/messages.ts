/**
 * What users read about their Google connection (docs/calendar.md, "Google Calendar"): in the
 * connection status of a source, and in the answer of a server without a Google client.
 */
export const GOOGLE_MESSAGES = {
  notConfigured: "This server has no Google client. Its operator can add one (docs/calendar.md).",
  revoked: "Google no longer lets Tandem read this calendar: connect it again",
  clientGone: "This server no longer has a Google client, so it cannot read this calendar",
  tokenFailed: "Google did not answer Tandem's request for access; it tries again later",
} as const;
