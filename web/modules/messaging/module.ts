import { lazy } from "react";
import type { WebModule } from "../web-module";
import { MESSAGING_QUERY_ROOT } from "./keys";

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
  // Its code loads with the first event: this file loads with every page (live-events.ts).
  onLiveEvent(client, event) {
    void import("./live-events").then(({ handleLiveEvent }) => handleLiveEvent(client, event));
  },
  async showQueued(client, operation) {
    const { showQueuedSend } = await import("./send");
    showQueuedSend(client, operation);
  },
  MenuBadge: lazy(() => import("./UnreadMenuBadge")),
  GroupBadge: lazy(() => import("./GroupUnreadBadge")),
  TaskPanel: lazy(() => import("./TaskThread")),
};
