import { z } from "zod";
import type { Notification } from "./notifications.js";

/** Messages on the WebSocket at /api/ws. Feature issues add their events to these unions. */
export const clientMessageSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("ping") })]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: "hello"; userId: string }
  | { type: "pong" }
  | { type: "error"; message: string }
  /** A group the user belongs to changed (renamed, members joined or left, owner changed): refetch it. */
  | { type: "group.changed"; groupId: string }
  /** The user lost access to a group: it was deleted, they were removed, or they left elsewhere. */
  | { type: "group.removed"; groupId: string; reason: "deleted" | "removed" | "left" }
  /** Invitations to or from the user changed: refetch them. */
  | { type: "invitations.changed" }
  /** Tasks a group sees changed; fetch GET /api/groups/<id>/tasks?since=<the last seq you have>. */
  | { type: "tasks.changed"; groupId: string; seq: number }
  /** A group's categories changed: refetch GET /api/groups/<id>/categories. */
  | { type: "categories.changed"; groupId: string }
  /** The user's settings changed on another device: refetch GET /api/settings. */
  | { type: "settings.changed" }
  /** The user's module switches changed (on another device), or a group's (groupId). */
  | { type: "modules.changed"; groupId?: string }
  /**
   * Something of a module changed for the user (docs/modules.md): the web side of module
   * `moduleId` (web/modules/registry.ts) decides what to refetch. Sent only to users who have the
   * module on.
   */
  | { type: "module.event"; moduleId: string; event: string; groupId?: string }
  /**
   * A new notification for the user (it is in the center now); `toast`: their settings want it
   * shown at once (the WebSocket channel is on for its type).
   */
  | { type: "notification.created"; notification: Notification; toast: boolean }
  /** Notifications were read, or notification settings changed, on another device: refetch them. */
  | { type: "notifications.changed" }
  /**
   * Events meant for this socket may have been lost (the server's link to the other server
   * processes was down for a while): refetch everything, as after a reconnection.
   */
  | { type: "resync" };

export { CLOSE_CODES } from "./close-codes.js";
