import type { WebModule } from "../web-module";
import { MESSAGING_QUERY_ROOT, messagingKeys } from "./api";

/** /isolated-messaging: a conversation per group, live for its members (server/modules/messaging/). */
export const messaging: WebModule = {
  id: "messaging",
  queryRoots: [MESSAGING_QUERY_ROOT],
  pages: { "/isolated-messaging": () => import("./MessagingPage") },
  onLiveEvent(client, event) {
    // "conversation.changed:<id>" (a message came, was edited or deleted), "conversation.read:<id>".
    const [, conversationId] = event.split(":");
    void client.invalidateQueries({ queryKey: messagingKeys.list });
    if (event.startsWith("conversation.changed:") && conversationId) {
      void client.invalidateQueries({ queryKey: messagingKeys.messages(conversationId) });
    }
  },
};
