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

/**
 * An outside calendar a user added (docs/calendar.md, "Outside calendars"): an ICS subscription
 * or a CalDAV account, with how its last refresh went.
 */
export interface OutsideSourceTable {
  id: string;
  user_id: string;
  /** "ics", "caldav" or "google". */
  kind: string;
  name: string;
  /** "#rrggbb". */
  color: string;
  /** The subscription's address, or the CalDAV server's. */
  url: string;
  /** CalDAV only. */
  username: string | null;
  /**
   * CalDAV: the password or app password, as given; Google: the OAuth refresh token (no
   * secret-encryption key exists to wrap either).
   */
  password: string | null;
  created_at: string;
  /** The subscription's last ETag and Last-Modified, sent back so an unchanged calendar costs nothing. */
  etag: string | null;
  last_modified: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  /** In plain words; null after a refresh that worked. */
  last_error: string | null;
  /** Refreshes that failed in a row: the wait before the next grows with them. */
  failures: number;
  /** When the refresh job takes it next; moved ahead first, which is how one process claims it. */
  next_refresh_at: string;
}

/** One calendar of a source (the subscription's one, or each of a CalDAV account's) with its last good copy. */
export interface OutsideCalendarTable {
  id: string;
  source_id: string;
  user_id: string;
  /** The CalDAV collection's address, or the subscription's. */
  remote_url: string;
  name: string;
  /** null: the source's colour. */
  color: string | null;
  /** 0/1: shown beside the tasks. */
  selected: number;
  /** JSON array of iCalendar texts (a subscription's one, or a CalDAV calendar's objects). */
  data: string;
  fetched_at: string | null;
}

/** A user's push of tasks into an outside calendar (docs/calendar.md, "Tasks in your calendar"). */
export interface CalendarPushTable {
  user_id: string;
  /** The account calendar tasks go into; null: none (events pushed one by one may remain). */
  calendar_id: string | null;
  /** The user's groups and their change counters at the last complete push: unchanged, nothing to do. */
  fingerprint: string | null;
  /** The last push that compared every task (hourly at least, whatever the fingerprint says). */
  last_full_at: string | null;
  last_pushed_at: string | null;
  /** In plain words; null after a push that worked. */
  last_error: string | null;
  failures: number;
  /** When the push job looks next. */
  next_check_at: string;
  /** Set while a process pushes for the user (a sweep or a request); another waits for it to pass. */
  claimed_until: string | null;
  created_at: string;
}

/** A task that is an event in an outside calendar: where, and what was put there. */
export interface CalendarPushedEventTable {
  user_id: string;
  task_id: string;
  calendar_id: string;
  /** The event's full address on the calendar's server. */
  url: string;
  etag: string | null;
  /** SHA-256 of the text put there: a task whose event would read the same is not written again. */
  content_hash: string;
  /** 0/1: put there by POST /api/calendar/events, into a calendar other than the push's perhaps. */
  manual: number;
  updated_at: string;
}

/** A sign-in at Google under way (docs/calendar.md, "Google Calendar"). */
export interface CalendarOauthStateTable {
  /** SHA-256 of the state sent to Google: the state itself is only in the browser's trip. */
  state_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

declare module "../../db/schema.js" {
  interface DB {
    calendar_feeds: CalendarFeedTable;
    calendar_dav_objects: CalendarDavObjectTable;
    calendar_outside_sources: OutsideSourceTable;
    calendar_outside_calendars: OutsideCalendarTable;
    calendar_push: CalendarPushTable;
    calendar_pushed_events: CalendarPushedEventTable;
    calendar_oauth_states: CalendarOauthStateTable;
  }
}
