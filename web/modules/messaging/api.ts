import type { Conversation, Message, Messages } from "../../../domain/messaging";
import { apiFetch } from "../../api/http";

/** The first part of every messaging query key (web/modules/web-module.ts, queryRoots). */
export const MESSAGING_QUERY_ROOT = "messaging";

export const messagingKeys = {
  all: [MESSAGING_QUERY_ROOT] as const,
  list: [MESSAGING_QUERY_ROOT, "conversations"] as const,
  group: (groupId: string) => [MESSAGING_QUERY_ROOT, "group", groupId] as const,
  messages: (conversationId: string) => [MESSAGING_QUERY_ROOT, "messages", conversationId] as const,
};

const at = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}`;

export const listConversations = () => apiFetch<{ conversations: Conversation[] }>("/api/conversations");
export const getGroupConversation = (groupId: string) =>
  apiFetch<Conversation>(`/api/groups/${encodeURIComponent(groupId)}/conversation`);
export const getMessages = (conversationId: string, after: number) =>
  apiFetch<Messages>(`${at(conversationId)}/messages?after=${after}&limit=200`);
export const sendMessage = (conversationId: string, body: { clientId: string; body: string; replyToId?: string }) =>
  apiFetch<Message>(`${at(conversationId)}/messages`, { method: "POST", body });
export const editMessage = (conversationId: string, messageId: string, body: string) =>
  apiFetch<Message>(`${at(conversationId)}/messages/${encodeURIComponent(messageId)}`, {
    method: "PATCH",
    body: { body },
  });
export const deleteMessage = (conversationId: string, messageId: string) =>
  apiFetch<Message>(`${at(conversationId)}/messages/${encodeURIComponent(messageId)}`, { method: "DELETE" });
export const markRead = (conversationId: string, seq: number) =>
  apiFetch<Conversation>(`${at(conversationId)}/read`, { method: "PUT", body: { seq } });
