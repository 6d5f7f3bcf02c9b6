import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawData } from "ws";
import { CLOSE_CODES, clientMessageSchema, type ServerMessage } from "../../domain/realtime.js";
import { ForbiddenError } from "../errors.js";
import { isSameOrigin, requireUser } from "../plugins/authentication.js";
import { isSessionAlive } from "../services/sign-in/sessions.js";

const RECHECK_INTERVAL_MS = 60_000;

/** A message larger than this is not one of ours: the socket is closed (1009, too big). */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The live channel at /api/ws. It authenticates like any API call (session cookie or Bearer
 * token) before the upgrade, and a browser's cookie only counts from our own origin: without
 * that check any site could open a socket with the visitor's cookie (cross-site WebSocket hijacking).
 */
export function registerSocketRoute(app: FastifyInstance): void {
  const { realtime, config } = app.deps;
  const ownOrigin = new URL(config.publicUrl).origin;

  const checkOrigin = async (request: FastifyRequest) => {
    if (request.auth?.via === "session" && !isSameOrigin(request, ownOrigin)) {
      throw new ForbiddenError("Cross-site WebSocket refused");
    }
  };

  app.get(
    "/api/ws",
    { websocket: true, config: { auth: "user" }, preValidation: checkOrigin, schema: { hide: true } },
    (socket, request) => {
      const user = requireUser(request);
      const auth = request.auth!;
      const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
      const remove = realtime.add({
        socket,
        userId: user.id,
        credential:
          auth.via === "session"
            ? { kind: "session", idHash: auth.sessionIdHash }
            : { kind: "token", tokenId: auth.tokenId },
        stillValid: () =>
          auth.via === "session"
            ? isSessionAlive(app.deps, auth.sessionIdHash)
            : app.deps.repositories.apiTokens.exists(auth.tokenId),
      });
      socket.on("close", remove);
      socket.on("message", (data: RawData) => {
        const text = data.toString();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return send({ type: "error", message: "Messages must be JSON." });
        }
        const message = clientMessageSchema.safeParse(parsed);
        if (!message.success) return send({ type: "error", message: "Unknown message." });
        if (message.data.type === "ping") send({ type: "pong" });
      });
      send({ type: "hello", userId: user.id });
    },
  );
  // @fastify/websocket ends the socket of an upgrade it refused itself, but not of one a global hook
  // refused first (the database down while the session is read, a bad token): its socket, taken
  // off HTTP for the upgrade, would stay open with nothing reading the client's close.
  app.addHook("onResponse", async (request) => {
    if (request.headers.upgrade?.toLowerCase() === "websocket") request.raw.socket?.destroy();
  });
  // Credentials that end elsewhere (another process, expiry) close their sockets within a minute.
  const recheck = setInterval(() => void realtime.recheck(CLOSE_CODES.signedOut), RECHECK_INTERVAL_MS);
  recheck.unref();
  app.addHook("onClose", async () => {
    clearInterval(recheck);
    realtime.closeAll();
  });
}

export const websocketOptions = { options: { maxPayload: MAX_MESSAGE_BYTES } };
