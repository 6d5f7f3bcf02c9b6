/** The module's tables, added to the database's type where the module is (docs/modules.md). */
export interface AssistantConversationTable {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
}

export interface AssistantMessageTable {
  id: string;
  conversation_id: string;
  role: "user" | "assistant";
  text: string;
  /** JSON: the suggested actions of an assistant message. */
  actions: string;
  created_at: string;
  /** Counts up within a conversation: the order messages were said in. */
  position: number;
}

declare module "../../db/schema.js" {
  interface DB {
    assistant_conversations: AssistantConversationTable;
    assistant_messages: AssistantMessageTable;
  }
}
