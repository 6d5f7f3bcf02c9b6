import { lazy } from "react";
import type { WebModule } from "../web-module";
import { MESSAGING_QUERY_ROOT } from "./api";
import { catchUp, invalidateConversations, refreshMessage } from "./sync";
import { noteTyping } from "./typing";

/**
 * /isolated-messaging: a conversation per group, live for its members (server/modules/messaging/);
 * /messaging-settings; unread counts in the menu and on /groups; a task's thread on its page.
 */
export const messaging: WebModule = {
  id: "messaging",
  queryRoots: [MESSAGING_QUERY_ROOT],
  pages: {
    "/isolated-messaging": () => import("./MessagingPage"),
    "/messaging-settings": () => import("./MessagingSettingsPage"),
  },
  // "conversation.changed:<id>": new messages; "conversation.message:<id>:<messageId>": one was
  // edited or deleted; "conversation.read:<id>": a marker moved; "conversation.typing:<id>:<userId>".
  onLiveEvent(client, event) {
    const [kind, conversationId, other] = event.split(":");
    if (!conversationId) return;
    if (kind === "conversation.typing" && other) return noteTyping(conversationId, other);
    if (kind === "conversation.changed") void catchUp(client, conversationId);
    if (kind === "conversation.message" && other) void refreshMessage(client, conversationId, other);
    void invalidateConversations(client);
  },
  async showQueued(client, operation) {
    const { showQueuedSend } = await import("./send");
    showQueuedSend(client, operation);
  },
  MenuBadge: lazy(() => import("./UnreadMenuBadge")),
  GroupBadge: lazy(() => import("./GroupUnreadBadge")),
  TaskPanel: lazy(() => import("./TaskThread")),
};
