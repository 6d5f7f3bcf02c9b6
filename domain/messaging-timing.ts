/* Messaging's timings, free of zod: the web app's start bundle reads them (typing shows live). */

/** A member's typing shows this long after their last keystroke was reported. */
export const TYPING_SHOWN_MS = 6_000;
/** A client reports typing at most this often per conversation; the server drops reports in between. */
export const TYPING_REPORT_INTERVAL_MS = 3_000;
