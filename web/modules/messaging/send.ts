import type { QueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../../domain/offline-queue";
import type { Message, SendMessage } from "../../../domain/messaging";
import { ApiRequestError, errorMessage } from "../../api/http";
import { newOperationId } from "../../api/tasks";
import { discardOperation, onQueueEvent, submit } from "../../offline/queue";
import { MESSAGING_MODULE_ID, messagesPath, messagingKeys } from "./api";
import { catchUp } from "./sync";
import { emptyWindow, merge, newestSeq, type PendingMessage, type ThreadWindow } from "./thread-cache";

/** A message written on this device: what the thread shows until the server has it. */
export type Draft = Pick<PendingMessage, "body" | "replyToId" | "mentions" | "image">;

const pendingOf = (client: QueryClient, conversationId: string) =>
  client.getQueryData<PendingMessage[]>(messagingKeys.pending(conversationId)) ?? [];

function setPending(client: QueryClient, conversationId: string, update: (old: PendingMessage[]) => PendingMessage[]) {
  client.setQueryData<PendingMessage[]>(messagingKeys.pending(conversationId), (old) => update(old ?? []));
}

/**
 * Puts a message the server answered with in the thread, in its place by number. Numbered past
 * what the thread has (another member's message came first), it also asks for those between.
 */
export function addSent(client: QueryClient, message: Message): void {
  const key = messagingKeys.messages(message.conversationId);
  const before = client.getQueryData<ThreadWindow>(key);
  client.setQueryData<ThreadWindow>(key, (old) =>
    merge(old ?? emptyWindow(), { messages: [message], lastSeq: message.seq }),
  );
  setPending(client, message.conversationId, (old) => old.filter((entry) => entry.clientId !== message.clientId));
  if (before && message.seq > newestSeq(before) + 1) void catchUp(client, message.conversationId);
}

/**
 * Sends a message through the offline queue (docs/messaging.md): shown at once as pending,
 * sent now when online, or kept on the device and sent when it is back. Its client id makes
 * every replay one message. Online, a refusal comes back at once and leaves nothing queued;
 * a queued one the server refuses later shows its reason in the thread.
 */
export async function sendThroughQueue(
  client: QueryClient,
  conversation: { id: string; groupId: string; title: string },
  draft: Draft,
): Promise<void> {
  const operationId = newOperationId();
  const pending: PendingMessage = {
    ...draft,
    operationId,
    conversationId: conversation.id,
    clientId: operationId,
    createdAt: new Date().toISOString(),
    refused: null,
  };
  setPending(client, conversation.id, (old) => [...old, pending]);
  const body: SendMessage = {
    clientId: pending.clientId,
    body: draft.body,
    mentions: draft.mentions,
    ...(draft.replyToId ? { replyToId: draft.replyToId } : {}),
    ...(draft.image ? { image: draft.image } : {}),
  };
  try {
    const result = await submit<Message>({
      id: operationId,
      type: "create",
      entityType: "module",
      // In order per conversation: a send refused in one holds back no other (domain/offline-queue.ts).
      entityId: `${MESSAGING_MODULE_ID}:${conversation.id}`,
      groupId: conversation.groupId,
      label: `Message in ${conversation.title}`,
      request: { method: "POST", path: messagesPath(conversation.id), body },
    });
    if (!result.queued) addSent(client, result.body);
  } catch (error) {
    if (error instanceof ApiRequestError) await discardOperation(operationId).catch(() => undefined);
    markRefused(client, conversation.id, operationId, errorMessage(error));
  }
}

function markRefused(client: QueryClient, conversationId: string, operationId: string, reason: string) {
  setPending(client, conversationId, (old) =>
    old.map((entry) => (entry.operationId === operationId ? { ...entry, refused: reason } : entry)),
  );
}

/** Drops a refused message from the thread (and from the queue, if it still waits there). */
export async function discardPending(client: QueryClient, entry: PendingMessage): Promise<void> {
  await discardOperation(entry.operationId).catch(() => undefined);
  setPending(client, entry.conversationId, (old) => old.filter((other) => other.operationId !== entry.operationId));
}

/**
 * Follows the queue for sends that were queued (offline, or a reload ago): a message the queue
 * got sent joins the thread, one the server refused shows why. Returns the unsubscribe.
 */
export function followQueuedSends(client: QueryClient): () => void {
  return onQueueEvent((event) => {
    if (!("id" in event)) return;
    for (const query of client.getQueryCache().findAll({ queryKey: [messagingKeys.pending("")[0]] })) {
      const entries = (query.state.data as PendingMessage[] | undefined) ?? [];
      const entry = entries.find((candidate) => candidate.operationId === event.id);
      if (!entry) continue;
      if (event.outcome === "done" && isMessage(event.body)) addSent(client, event.body);
      if (event.outcome === "rejected") {
        // Shown here as not sent, with the reason; it leaves the queue, where it would wait on /offline.
        markRefused(client, entry.conversationId, entry.operationId, event.message);
        void discardOperation(entry.operationId).catch(() => undefined);
      }
    }
  });
}

function isMessage(body: unknown): body is Message {
  const message = body as Partial<Message> | null;
  return typeof message?.id === "string" && typeof message.seq === "number" && typeof message.clientId === "string";
}

/** A send still in the queue after a reload, shown in its thread as the user wrote it. */
export function showQueuedSend(client: QueryClient, operation: QueuedOperation): void {
  const match = /^\/api\/conversations\/([^/]+)\/messages$/.exec(operation.request.path);
  if (!match || operation.request.method !== "POST") return;
  const conversationId = decodeURIComponent(match[1]!);
  const body = operation.request.body as SendMessage;
  if (pendingOf(client, conversationId).some((entry) => entry.operationId === operation.id)) return;
  setPending(client, conversationId, (old) => [
    ...old,
    {
      operationId: operation.id,
      conversationId,
      clientId: body.clientId,
      body: body.body,
      replyToId: body.replyToId ?? null,
      mentions: body.mentions,
      image: body.image ?? null,
      createdAt: new Date(operation.timestamp).toISOString(),
      refused: operation.rejected ? (operation.errorMessage ?? "Refused by the server") : null,
    },
  ]);
}
