import type { Kysely } from "kysely";
import type { SuggestedAction } from "../../../domain/assistant/actions.js";
import type { DB } from "../../db/schema.js";
import "./tables.js";

export interface MessageRecord {
  id: string;
  role: "user" | "assistant";
  text: string;
  actions: readonly SuggestedAction[];
  createdAt: string;
}

/** Conversations and their messages; only the last `keep` messages of a conversation stay. */
export class AssistantRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async conversationOwner(conversationId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("assistant_conversations")
      .select("user_id")
      .where("id", "=", conversationId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async createConversation(id: string, userId: string, now: string): Promise<void> {
    await this.db
      .insertInto("assistant_conversations")
      .values({ id, user_id: userId, created_at: now, updated_at: now })
      .execute();
  }

  /** Adds the messages after the last one, then drops all but the last `keep`. */
  async append(conversationId: string, messages: readonly MessageRecord[], keep: number, now: string): Promise<void> {
    const last = await this.db
      .selectFrom("assistant_messages")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("conversation_id", "=", conversationId)
      .executeTakeFirst();
    const start = Number(last?.position ?? 0);
    await this.db
      .insertInto("assistant_messages")
      .values(
        messages.map((message, index) => ({
          id: message.id,
          conversation_id: conversationId,
          role: message.role,
          text: message.text,
          actions: JSON.stringify(message.actions),
          created_at: message.createdAt,
          position: start + index + 1,
        })),
      )
      .execute();
    await this.db
      .deleteFrom("assistant_messages")
      .where("conversation_id", "=", conversationId)
      .where("position", "<=", start + messages.length - keep)
      .execute();
    await this.db
      .updateTable("assistant_conversations")
      .set({ updated_at: now })
      .where("id", "=", conversationId)
      .execute();
  }

  /** Oldest first. */
  async messages(conversationId: string): Promise<MessageRecord[]> {
    const rows = await this.db
      .selectFrom("assistant_messages")
      .selectAll()
      .where("conversation_id", "=", conversationId)
      .orderBy("position")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      role: row.role,
      text: row.text,
      actions: JSON.parse(row.actions) as SuggestedAction[],
      createdAt: row.created_at,
    }));
  }

  /** The user's most recent conversation, which the panel opens with. */
  async latestConversation(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("assistant_conversations")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }
}
