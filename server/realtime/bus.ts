import { z } from "zod";
import { CLOSE_CODES, type ServerMessage } from "../../domain/realtime.js";
import type { CredentialCache } from "../services/sign-in/credential-cache.js";
import type { RealtimeHub } from "./hub.js";

const id = z.string().min(1).max(200);
/** WebSocket close reasons must fit in 123 bytes. */
const reason = z.string().max(100).optional();

/**
 * A ServerMessage as it arrives from another process. The union is a TypeScript type (feature
 * issues extend it), so receipt checks only its shape; the publisher was type-checked.
 */
const serverMessage = z.custom<ServerMessage>(
  (value) => typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string",
  "not a server message",
);

/**
 * What one server process asks every process (itself included) to do with its own sockets.
 * Server-internal, so it lives here rather than in domain/. Ids only: PostgreSQL NOTIFY payloads
 * are limited to 8000 bytes.
 */
export const realtimeEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("send"), userIds: z.array(id), message: serverMessage }),
  z.object({ kind: z.literal("close-session"), idHash: id, reason }),
  z.object({ kind: z.literal("close-token"), tokenId: id, reason }),
  z.object({ kind: z.literal("close-user"), userId: id, reason }),
  // The user's row changed (name, verified email, admin role): credentials resolve it afresh.
  z.object({ kind: z.literal("user-changed"), userId: id }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/**
 * Fans realtime events out to every server process. Publish after the change is committed: other
 * processes act (and clients refetch) as soon as the event arrives.
 */
export interface RealtimeBus {
  /**
   * Applies the event on every process, this one included, exactly once each. Never rejects: the
   * change it announces is already stored, and a lost event is covered by the minute recheck.
   */
  publish(event: RealtimeEvent): Promise<void>;
  /** Resolves once the bus can receive (the first LISTEN attempt has finished). */
  start(): Promise<void>;
  /** False while events from other processes cannot arrive (PostgreSQL: the LISTEN connection is down). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** What one process holds that events act on: its sockets, and the credentials it remembers. */
export interface ProcessState {
  hub: RealtimeHub;
  credentials: CredentialCache;
}

/** Applies an event to this process: an ended credential is forgotten and its sockets closed. */
export function applyEvent({ hub, credentials }: ProcessState, event: RealtimeEvent): void {
  switch (event.kind) {
    case "send":
      for (const userId of new Set(event.userIds)) hub.sendToUser(userId, event.message);
      return;
    case "close-session":
      credentials.forgetSession(event.idHash);
      return hub.closeSession(event.idHash, CLOSE_CODES.signedOut, event.reason ?? "Signed out");
    case "close-token":
      credentials.forgetToken(event.tokenId);
      return hub.closeToken(event.tokenId, CLOSE_CODES.signedOut, event.reason ?? "Token revoked");
    case "close-user":
      credentials.forgetUser(event.userId);
      return hub.closeUser(event.userId, CLOSE_CODES.signedOut, event.reason ?? "Signed out");
    case "user-changed":
      return credentials.forgetUser(event.userId);
  }
}

/** SQLite means one server process: the event is applied right here. */
export class InProcessBus implements RealtimeBus {
  readonly listening = true;

  constructor(private readonly local: ProcessState) {}

  async publish(event: RealtimeEvent): Promise<void> {
    applyEvent(this.local, event);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
