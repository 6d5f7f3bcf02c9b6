/** The module's tables, added to the database's type where the module is (docs/modules.md). */
export interface ConversationTable {
  id: string;
  group_id: string;
  task_id: string | null;
  last_seq: number;
  created_at: string;
  last_message_at: string | null;
}

export interface MessageTable {
  id: string;
  conversation_id: string;
  seq: number;
  client_id: string;
  author_id: string | null;
  body: string | null;
  reply_to_id: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
}

export interface ConversationReaderTable {
  conversation_id: string;
  user_id: string;
  last_read_seq: number;
  /** When the marker last moved; null before the first time. */
  read_at: string | null;
}

export interface MessageImageTable {
  message_id: string;
  /** Always an encoding the server made ("image/webp"). */
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface MessageMentionTable {
  message_id: string;
  user_id: string;
}

/** How loudly a conversation notifies one member. */
export interface ConversationSettingTable {
  conversation_id: string;
  user_id: string;
  notify: "all" | "mentions" | "none";
}

export interface MessagingPreferenceTable {
  user_id: string;
  /** 0/1: shares their read marker with members who share theirs. */
  read_receipts: number;
}

declare module "../../db/schema.js" {
  interface DB {
    conversations: ConversationTable;
    messages: MessageTable;
    conversation_readers: ConversationReaderTable;
    message_images: MessageImageTable;
    message_mentions: MessageMentionTable;
    conversation_settings: ConversationSettingTable;
    messaging_preferences: MessagingPreferenceTable;
  }
}
