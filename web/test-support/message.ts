import type { Message } from "../../domain/messaging";

/** A message as the server sends it, numbered `seq` in conversation "c1", for unit tests. */
export const aMessage = (seq: number, overrides: Partial<Message> = {}): Message => ({
  id: `m${seq}`,
  conversationId: "c1",
  seq,
  clientId: `client-${seq}`,
  authorId: "u1",
  authorName: "Ada",
  body: `message ${seq}`,
  replyToId: null,
  mentions: [],
  image: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  editedAt: null,
  deletedAt: null,
  ...overrides,
});
