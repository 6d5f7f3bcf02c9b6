import type { OutboxPage } from "../../../domain/account-email.js";
import type { AppDeps } from "../../deps.js";
import { ValidationError } from "../../errors.js";
import { outboxCursor, parseOutboxCursor, presentOutboxMessage } from "../../presenters/outbox-message.js";

/**
 * A page of the local outbox, newest first. `cursor` is the previous page's `nextCursor`; a
 * cursor this list did not make is refused rather than read as "from the start".
 */
export async function readOutboxPage(
  deps: AppDeps,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<OutboxPage> {
  const before = cursor === undefined ? undefined : parseOutboxCursor(cursor);
  if (cursor !== undefined && !before) throw new ValidationError("querystring.cursor: not a cursor of this list");
  // One more than asked tells whether an older page exists.
  const rows = await deps.repositories.outbox.listRecent(limit + 1, before);
  const page = rows.slice(0, limit);
  return {
    delivery: deps.mailer.mode,
    messages: page.map(presentOutboxMessage),
    nextCursor: rows.length > limit ? outboxCursor(page[page.length - 1]!) : null,
  };
}
