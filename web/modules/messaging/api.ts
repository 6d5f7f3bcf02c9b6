import type {
  Conversation,
  Message,
  Messages,
  MessagingPreferences,
  NotifyLevel,
  SearchResults,
} from "../../../domain/messaging";
import { apiFetch } from "../../api/http";

export { MESSAGING_MODULE_ID, MESSAGING_QUERY_ROOT, messagingKeys } from "./keys";

/** How many messages a conversation shows first, and each "older" step adds. */
export const PAGE_SIZE = 50;

const at = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}`;
export const messagesPath = (conversationId: string) => `${at(conversationId)}/messages`;
export const imageUrl = (message: Pick<Message, "conversationId" | "id">) =>
  `${messagesPath(message.conversationId)}/${encodeURIComponent(message.id)}/image`;

export const listConversations = () => apiFetch<{ conversations: Conversation[] }>("/api/conversations");
export const getGroupConversation = (groupId: string) =>
  apiFetch<Conversation>(`/api/groups/${encodeURIComponent(groupId)}/conversation`);
export const getTaskConversation = (taskId: string) =>
  apiFetch<Conversation>(`/api/tasks/${encodeURIComponent(taskId)}/conversation`);
/** Messages after a number, oldest first (at most 200): what a device missed. */
export const getMessagesAfter = (conversationId: string, after: number) =>
  apiFetch<Messages>(`${messagesPath(conversationId)}?after=${after}&limit=200`);
/** The newest `limit` messages before a number, oldest first: the latest ones, or older history. */
export const getMessagesBefore = (conversationId: string, before: number, limit = PAGE_SIZE) =>
  apiFetch<Messages>(`${messagesPath(conversationId)}?before=${before}&limit=${limit}`);
export const getMessage = (conversationId: string, messageId: string) =>
  apiFetch<Message>(`${messagesPath(conversationId)}/${encodeURIComponent(messageId)}`);
export const editMessage = (conversationId: string, messageId: string, body: string) =>
  apiFetch<Message>(`${messagesPath(conversationId)}/${encodeURIComponent(messageId)}`, {
    method: "PATCH",
    body: { body },
  });
export const deleteMessage = (conversationId: string, messageId: string) =>
  apiFetch<Message>(`${messagesPath(conversationId)}/${encodeURIComponent(messageId)}`, { method: "DELETE" });
export const markRead = (conversationId: string, seq: number) =>
  apiFetch<Conversation>(`${at(conversationId)}/read`, { method: "PUT", body: { seq } });
export const reportTyping = (conversationId: string) =>
  apiFetch<void>(`${at(conversationId)}/typing`, { method: "POST" });
export const setNotify = (conversationId: string, notify: NotifyLevel) =>
  apiFetch<Conversation>(`${at(conversationId)}/settings`, { method: "PUT", body: { notify } });
export const searchMessages = (groupId: string, text: string) =>
  apiFetch<SearchResults>(`/api/groups/${encodeURIComponent(groupId)}/messages/search?q=${encodeURIComponent(text)}`);
export const getMessagingSettings = () => apiFetch<MessagingPreferences>("/api/messaging/settings");
export const saveMessagingSettings = (preferences: MessagingPreferences) =>
  apiFetch<MessagingPreferences>("/api/messaging/settings", { method: "PUT", body: preferences });
