/** The module's tables, added to the database's type where the module is (docs/modules.md). */
export interface CalendarFeedTable {
  id: string;
  user_id: string;
  /** "all" for every group of the user, else the group's id (also in group_id, for the cascade). */
  scope: string;
  group_id: string | null;
  /** SHA-256 of the secret in the feed's address: the address itself is shown once, when made. */
  token_hash: string;
  /** 0/1: completed tasks are in the feed too. */
  include_completed: number;
  created_at: string;
  last_used_at: string | null;
}

/** A task or subtask as a calendar app knows it in a group's calendar (CalDAV, server/modules/calendar-sync/dav/). */
export interface CalendarDavObjectTable {
  group_id: string;
  /** The resource's name in the collection as the app chose it, percent-decoded ("a@b.ics"). */
  href: string;
  task_id: string;
  /** "" for the task, else the subtask's id. */
  subtask_id: string;
  uid: string;
  /** The iCalendar text the app last sent, merged with the task's fields on the way out. */
  ical: string | null;
  updated_at: string;
}

declare module "../../db/schema.js" {
  interface DB {
    calendar_feeds: CalendarFeedTable;
    calendar_dav_objects: CalendarDavObjectTable;
  }
}
