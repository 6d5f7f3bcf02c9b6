import type { WebSocket } from "ws";
import type { ServerMessage } from "../../domain/realtime.js";

export interface Connection {
  socket: WebSocket;
  userId: string;
  /** The credential the socket opened with, so revoking it closes the socket. */
  credential: { kind: "session"; idHash: string } | { kind: "token"; tokenId: string };
  /** False once the credential has ended anywhere: revoked on another process, expired, idle. */
  stillValid(): Promise<boolean>;
}

/** Close code for a socket whose credential has ended (domain/realtime.ts CLOSE_CODES.signedOut). */
type CloseCode = number;

/**
 * The open sockets of this process, by user. Signing out, revoking a session or token, or
 * deleting the account closes the matching sockets at once; `recheck` (run every minute) closes
 * those whose credential ended some other way, for instance on another server process.
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

  /** Every socket of this process, whoever it belongs to. */
  broadcast(message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const set of this.byUser.values()) for (const connection of set) connection.socket.send(text);
  }

  closeSession(idHash: string, code: CloseCode, reason: string): void {
    this.closeWhere((c) => c.credential.kind === "session" && c.credential.idHash === idHash, code, reason);
  }

  closeToken(tokenId: string, code: CloseCode, reason: string): void {
    this.closeWhere((c) => c.credential.kind === "token" && c.credential.tokenId === tokenId, code, reason);
  }

  closeUser(userId: string, code: CloseCode, reason: string): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.socket.close(code, reason);
  }

  async recheck(code: CloseCode): Promise<void> {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    const verdicts = await Promise.all(all.map((connection) => connection.stillValid().catch(() => true)));
    all.forEach((connection, index) => {
      if (!verdicts[index]) connection.socket.close(code, "Signed out");
    });
  }

  closeAll(): void {
    this.closeWhere(() => true, 1001, "Server shutting down");
  }

  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  private closeWhere(matches: (connection: Connection) => boolean, code: CloseCode, reason: string): void {
    for (const set of this.byUser.values()) {
      for (const connection of set) if (matches(connection)) connection.socket.close(code, reason);
    }
  }
}
