import type { WebSocket } from "ws";
import type { ServerMessage } from "../../domain/realtime.js";

export interface Connection {
  socket: WebSocket;
  userId: string;
  /** Set when the socket authenticated with a browser session, so revoking it closes the socket. */
  sessionIdHash: string | null;
}

/**
 * The open sockets of this process, by user. Signing a session out or deleting an account closes
 * the matching sockets at once: nothing keeps arriving on a device that has lost access.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Connection>>();

  add(connection: Connection): () => void {
    let set = this.byUser.get(connection.userId);
    if (!set) this.byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
    return () => {
      set.delete(connection);
      if (set.size === 0) this.byUser.delete(connection.userId);
    };
  }

  sendToUser(userId: string, message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const connection of this.byUser.get(userId) ?? []) connection.socket.send(text);
  }

  closeSession(sessionIdHash: string, code: number, reason: string): void {
    for (const set of this.byUser.values()) {
      for (const connection of set) {
        if (connection.sessionIdHash === sessionIdHash) connection.socket.close(code, reason);
      }
    }
  }

  closeUser(userId: string, code: number, reason: string): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.socket.close(code, reason);
  }

  closeAll(): void {
    for (const set of this.byUser.values())
      for (const connection of set) connection.socket.close(1001, "Server shutting down");
  }

  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }
}
