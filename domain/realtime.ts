import { z } from "zod";

/** Messages on the WebSocket at /api/ws. Feature issues add their events to these unions. */
export const clientMessageSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage = { type: "hello"; userId: string } | { type: "pong" } | { type: "error"; message: string };

/** Close codes (4000–4999 are the application's own). */
export const CLOSE_CODES = {
  /** The session was signed out or the account deleted: do not reconnect without signing in. */
  signedOut: 4001,
} as const;
