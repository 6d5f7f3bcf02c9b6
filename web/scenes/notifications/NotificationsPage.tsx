import { useQueryClient } from "@tanstack/react-query";
import { BellOff, CheckCheck } from "lucide-react";
import { Link } from "react-router";
import type { Notification } from "../../../domain/notifications";
import { formatDateTime } from "../../../domain/time-format";
import { markAllNotificationsRead, markNotificationRead, notificationKeys } from "../../api/notifications";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { useTimeLocale } from "../../hooks/use-me";
import { useNotifications } from "../../hooks/use-notifications";
import { notify } from "../../stores/notifier";
import { PageHeader } from "../groups/PageHeader";
import { NotificationPreferences } from "./NotificationPreferences";
import { NotOnDevice } from "../../components/DataUnavailable";
import { useOnline } from "../../offline/use-offline";

/** spec /notifications: the center, newest first, and what to be told about. */
export default function NotificationsPage() {
  const client = useQueryClient();
  const query = useNotifications();
  const online = useOnline();
  const entries = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  // The settings come below the list only once the list is in: shown earlier, they were pushed
  // down by however many notifications arrived (a layout shift of 0.2 on a phone). Without
  // network nothing is coming, so they show at once.
  const listSettled = !query.isPending || !online;

  async function readAll() {
    try {
      await markAllNotificationsRead();
      await client.invalidateQueries({ queryKey: notificationKeys.all });
    } catch (error) {
      notify.error(`Could not mark notifications read: ${(error as Error).message}`);
    }
  }

  async function read(entry: Notification) {
    if (entry.readAt !== null) return;
    try {
      await markNotificationRead(entry.id);
      await client.invalidateQueries({ queryKey: notificationKeys.all });
    } catch {
      // Opening it matters more than the mark; the next refetch shows the truth.
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title="Notifications">
        Invitations, tasks shared with your groups or completed by others, and reminders of your deadlines. New ones
        appear here at once.
      </PageHeader>

      <section aria-labelledby="center-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="center-heading" className="text-lg font-semibold">
            {unread === 0 ? "All read" : `${unread} unread`}
          </h2>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={unread === 0}
            onClick={() => void readAll()}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all read
          </button>
        </div>

        {query.isPending &&
          (online ? <p role="status">Loading notifications…</p> : <NotOnDevice what="your notifications" />)}
        {query.isError && <Alert tone="error">{query.error.message}</Alert>}
        {query.data && entries.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
            <BellOff aria-hidden="true" className="size-6" />
            <p>
              Nothing yet. When someone invites you, shares a task with your group or completes one, or a deadline of
              yours comes up, it shows here.
            </p>
          </div>
        )}
        {entries.length > 0 && (
          <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
            {entries.map((entry) => (
              <NotificationItem key={entry.id} entry={entry} onOpen={() => void read(entry)} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : "Show older"}
          </button>
        )}
      </section>

      {listSettled && <NotificationPreferences />}
    </div>
  );
}

function NotificationItem({ entry, onOpen }: { entry: Notification; onOpen: () => void }) {
  const locale = useTimeLocale();
  const unread = entry.readAt === null;
  const content = (
    <>
      <span className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={`mt-2 size-2 shrink-0 rounded-full ${unread ? "bg-brand" : "bg-transparent"}`}
        />
        <span className="min-w-0">
          <span className={`block break-words ${unread ? "font-semibold" : ""}`}>
            {entry.title}
            {unread && <span className="sr-only"> (unread)</span>}
          </span>
          {entry.body && <span className="mt-0.5 block text-sm break-words text-ink-muted">{entry.body}</span>}
          <time dateTime={entry.createdAt} className="mt-1 block text-xs text-ink-muted">
            {formatDateTime(entry.createdAt, locale)}
          </time>
        </span>
      </span>
    </>
  );
  const className =
    "block w-full px-4 py-3 text-left hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus";
  return (
    <li>
      {entry.link ? (
        <Link to={entry.link} className={className} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onOpen}>
          {content}
        </button>
      )}
    </li>
  );
}
