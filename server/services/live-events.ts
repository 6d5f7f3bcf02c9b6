import type { ServerMessage } from "../../domain/realtime.js";
import type { AppDeps } from "../deps.js";

/**
 * Tells users' open sessions, on every server process (deps.bus), that something they see
 * changed; they refetch what the message names. Never fails the request that made the change.
 */
export async function tellUsers(deps: AppDeps, userIds: Iterable<string>, message: ServerMessage): Promise<void> {
  await deps.bus.publish({ kind: "send", userIds: [...new Set(userIds)], message });
}
