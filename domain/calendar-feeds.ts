import { z } from "zod";
import { storableText } from "./fields.js";

/**
 * Secret ICS feeds of the calendar-sync module (docs/calendar.md): an address any calendar app
 * subscribes to, for all of a user's groups or for one of them. Only the address's holder reads
 * it; making it again replaces the address, revoking it ends it.
 */
export const CALENDAR_MODULE = "calendar-sync";

export const FEED_MESSAGES = {
  notFound: "Calendar feed not found",
  groupNotFound: "Group not found",
} as const;

const id = storableText().min(1).max(100);
export const feedIdParams = z.object({ feedId: id });

export const createFeedSchema = z.object({
  /** null: every group the user is in. */
  groupId: id.nullable(),
  includeCompleted: z.boolean().default(false),
});
export type CreateFeedInput = z.infer<typeof createFeedSchema>;

export const updateFeedSchema = z.object({ includeCompleted: z.boolean() });

export const feedSchema = z.object({
  id: z.string(),
  groupId: z.string().nullable(),
  /** "All my groups" or the group's name. */
  name: z.string(),
  includeCompleted: z.boolean(),
  createdAt: z.string(),
  /** When a calendar app last read it (to the hour): a feed nobody reads is safe to revoke. */
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof feedSchema>;

export const feedsSchema = z.object({ feeds: z.array(feedSchema) });

/** Made or made again: the only time the address is shown (only its hash is kept). */
export const createdFeedSchema = z.object({ feed: feedSchema, url: z.string() });
export type CreatedFeed = z.infer<typeof createdFeedSchema>;
