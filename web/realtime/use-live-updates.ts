import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { Query, QueryClient } from "@tanstack/react-query";
import { resolveCurrentGroup } from "../../domain/group-switch";
import type { Group } from "../../domain/groups";
import type { Notification } from "../../domain/notifications";
import type { ServerMessage } from "../../domain/realtime";
import { groupKeys, invitationKeys } from "../api/groups";
import { queryClient } from "../api/query-client";
import { notificationKeys } from "../api/notifications";
import { categoryKeys, taskKeys } from "../api/tasks";
import { forgetMe, useMe } from "../hooks/use-me";
import { settingsKeys } from "../api/settings";
import { forceGroup, getChosenGroupId } from "../stores/current-group";
import { clearLocalData } from "../stores/local-data";
import { notify } from "../stores/notifier";
import { connectLive } from "./socket";
import { catchUpAll, catchUpGroup } from "./task-sync";
import { moduleKeys } from "../api/modules";
import { WEB_MODULES } from "../modules/registry";

type Listener = (message: ServerMessage) => void;
const listeners = new Set<Listener>();

/** Pages that must react to an event themselves (leave a group's page when it is gone) subscribe here. */
export function onLiveMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Groups this tab is removing itself from (leaving, deleting): the page says so already, so the
 * echo of its own action from the server is not announced a second time.
 */
const expectedRemovals = new Set<string>();
export async function withExpectedRemoval<T>(groupId: string, action: () => Promise<T>): Promise<T> {
  expectedRemovals.add(groupId);
  try {
    const result = await action();
    // The echo normally arrives before the answer; do not swallow a later, real removal.
    setTimeout(() => expectedRemovals.delete(groupId), 10_000);
    return result;
  } catch (error) {
    expectedRemovals.delete(groupId);
    throw error;
  }
}

/**
 * Set while this tab ends its own session (deleting the account): the server's events about it
 * (the user leaving every group) would only start refetches that the gone session answers with 401.
 */
let sessionEnding = false;
export async function whileEndingSession<T>(action: () => Promise<T>): Promise<T> {
  sessionEnding = true;
  try {
    return await action();
  } catch (error) {
    sessionEnding = false;
    throw error;
  }
}

/** A new notification while the app is open: a toast that opens what it is about (5 s; "New notification" untitled). */
function showNotification(notification: Notification): void {
  const link = notification.link;
  notify.info(notification.title || "New notification", {
    id: `notification-${notification.id}`,
    description: notification.body || undefined,
    duration: 5_000,
    ...(link && { action: { label: "Open", onClick: () => navigateTo(link) } }),
  });
}

/** Pages register the router's navigate here, so a toast can open a page without a reload. */
let navigateTo: (path: string) => void = (path) => window.location.assign(path);
export function setLiveNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

const invitationQueries = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: invitationKeys.all }),
    client.invalidateQueries({ queryKey: groupKeys.all, predicate: (query) => query.queryKey[2] === "invitations" }),
  ]);

function removedMessage(name: string, reason: "deleted" | "removed" | "left"): string {
  if (reason === "deleted") return `${name} was deleted. You no longer have access to it.`;
  if (reason === "left") return `You left ${name}.`;
  return `You no longer have access to ${name}.`;
}

/**
 * What an event means for this tab: refetch what changed, and leave a group that is gone.
 * `listeningSince` is when the channel's connection opened (0: refetch everything on hello).
 */
export function applyLiveMessage(
  message: ServerMessage,
  client: QueryClient,
  chosenGroupId: () => string | null,
  listeningSince = 0,
) {
  switch (message.type) {
    case "hello":
    case "resync": {
      // First connection or a reconnection: whatever changed while we were not listening is
      // refetched. Data fetched since the connection opened is current (later changes arrive as
      // events): on a page load that is all of it, and nothing is fetched twice. A resync (the
      // server missed events meant for us) makes all of it suspect.
      const since = message.type === "resync" ? Number.POSITIVE_INFINITY : listeningSince;
      const predicate = (query: Query) => query.state.dataUpdatedAt < since || since === 0;
      // A fetch under way is left to finish rather than started again.
      const options = { cancelRefetch: false };
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate }, options);
      void client.invalidateQueries({ queryKey: invitationKeys.all, predicate }, options);
      void client.invalidateQueries({ queryKey: categoryKeys.all, predicate }, options);
      void client.invalidateQueries({ queryKey: settingsKeys.all, predicate }, options);
      void client.invalidateQueries({ queryKey: notificationKeys.all, predicate }, options);
      void client.invalidateQueries({ queryKey: moduleKeys.all, predicate }, options);
      for (const module of WEB_MODULES) {
        for (const root of module.queryRoots) void client.invalidateQueries({ queryKey: [root], predicate }, options);
      }
      // Tasks catch up exactly, by change number.
      void catchUpAll(client);
      break;
    }
    case "tasks.changed":
      void catchUpGroup(client, message.groupId, message.seq);
      break;
    case "categories.changed":
      void client.invalidateQueries({ queryKey: categoryKeys.group(message.groupId) });
      break;
    case "settings.changed":
      void client.invalidateQueries({ queryKey: settingsKeys.all });
      break;
    case "notification.created":
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      if (message.toast) showNotification(message.notification);
      break;
    case "notifications.changed":
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      break;
    case "group.changed":
      void client.invalidateQueries({ queryKey: groupKeys.all });
      break;
    case "group.removed": {
      const groups = client.getQueryData<Group[]>(groupKeys.all) ?? [];
      const gone = groups.find((group) => group.id === message.groupId);
      const wasCurrent = gone !== undefined && resolveCurrentGroup(chosenGroupId(), groups)?.id === gone.id;
      const remaining = groups.filter((group) => group.id !== message.groupId);
      // Out of the list first: pages showing the group stop asking for it (it would answer 404 now).
      client.setQueryData<Group[]>(groupKeys.all, remaining);
      client.removeQueries({ queryKey: groupKeys.one(message.groupId) });
      // Its tasks answer 404 now: nothing may try to catch up on them.
      client.removeQueries({ queryKey: taskKeys.group(message.groupId) });
      client.removeQueries({ queryKey: categoryKeys.group(message.groupId) });
      if (wasCurrent) {
        const personal = remaining.find((group) => group.isPersonal);
        if (personal) forceGroup(personal.id);
      }
      if (expectedRemovals.delete(message.groupId)) {
        // Our own action: the page that did it says so.
      } else if (gone) {
        notify.info(removedMessage(gone.name, message.reason));
      }
      void client.invalidateQueries({ queryKey: groupKeys.all, exact: true });
      void client.invalidateQueries({ queryKey: invitationKeys.all });
      break;
    }
    case "invitations.changed":
      void invitationQueries(client);
      break;
    case "modules.changed":
      void client.invalidateQueries({ queryKey: moduleKeys.all });
      break;
    case "module.event":
      WEB_MODULES.find((module) => module.id === message.moduleId)?.onLiveEvent?.(
        client,
        message.event,
        message.groupId,
      );
      break;
    // The channel's own answers (web/realtime/socket.ts reads them).
    case "pong":
    case "error":
      break;
    default: {
      // Every message the server sends has its case above: a new one fails to compile here.
      const unhandled: never = message;
      void unhandled;
    }
  }
  for (const listener of listeners) listener(message);
}

/** Resolves once no mutation is running (their success handlers included). */
function settled(client: QueryClient): Promise<void> {
  if (client.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = client.getMutationCache().subscribe(() => {
      if (client.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Connects the live channel while someone is signed in (mounted once, in the app layout). */
export function useLiveUpdates(): void {
  const me = useMe();
  const userId = me?.id;
  const navigate = useNavigate();
  useEffect(() => setLiveNavigator((path) => void navigate(path)), [navigate]);
  useEffect(() => {
    if (!userId) return;
    const connection = connectLive({
      onMessage: (message, listeningSince) => {
        if (!sessionEnding) applyLiveMessage(message, queryClient, getChosenGroupId, listeningSince);
      },
      onSignedOut: () => {
        // A page ending the session itself (deleting the account) forgets the user when it is done.
        if (sessionEnding) return;
        // Signed out elsewhere (this browser's session ended from another one, say): once any
        // change under way has finished, nothing of the user stays.
        void settled(queryClient)
          .then(() => clearLocalData())
          .then(() => forgetMe());
      },
    });
    return () => connection.close();
  }, [userId]);
}
