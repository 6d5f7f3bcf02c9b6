import type { OutboxMessage } from "../../domain/account-email.js";
import { isTimestamp } from "../../domain/calendar.js";
import { unstorableCharacter } from "../../domain/fields.js";
import type { OutboxRecord } from "../repositories/outbox-repository.js";

export function presentOutboxMessage(row: OutboxRecord): OutboxMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt,
  };
}

/** Paging position as an opaque string: the time and id of the last message shown. */
export function outboxCursor(row: OutboxRecord): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");
}

/** The position a cursor names, or undefined for one that was not made by outboxCursor. */
export function parseOutboxCursor(cursor: string): { createdAt: string; id: string } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    // What it names goes into a query: a made-up time or a NUL is refused here, not by the database.
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === "string" && unstorableCharacter(part) === null) &&
      isTimestamp(value[0] as string)
    )
      return { createdAt: value[0] as string, id: value[1] as string };
  } catch {
    // Not ours: the caller answers 400.
  }
  return undefined;
}
