import type { QueryClient } from "@tanstack/react-query";
import { catchUp, invalidateConversations, refreshMessage } from "./sync";
import { noteTyping } from "./typing";

/**
 * What the module's live events do (docs/messaging.md): "conversation.changed:<id>", new messages;
 * "conversation.message:<id>:<messageId>", one was edited or deleted; "conversation.read:<id>", a
 * marker moved; "conversation.typing:<id>:<userId>". Loaded with the first event, not with the app.
 */
export function handleLiveEvent(client: QueryClient, event: string): void {
  const [kind, conversationId, other] = event.split(":");
  if (!conversationId) return;
  if (kind === "conversation.typing" && other) return noteTyping(conversationId, other);
  if (kind === "conversation.changed") void catchUp(client, conversationId);
  if (kind === "conversation.message" && other) void refreshMessage(client, conversationId, other);
  void invalidateConversations(client);
}
