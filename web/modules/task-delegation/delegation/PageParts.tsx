import { CalendarClock, CloudOff, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AssignedTask } from "../../../../domain/delegation";
import { DELEGATION_MESSAGES } from "../../../../domain/delegation-rules";
import { formatDate } from "../../../../domain/time-format";
import { DataUnavailable } from "../../../components/DataUnavailable";
import { taskPath } from "../../../hooks/use-mobile";
import { useOnline } from "../../../offline/use-offline";
import { appTimeLocale } from "../../../stores/time-locale";

export { PageHeader, linkClass } from "../../../scenes/groups/PageHeader";

/** The pages of delegation share a width and rhythm with the rest of the app's lists. */
export function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl space-y-6">{children}</div>;
}

/** An h2 with a count, and its list or a friendly empty state. */
export function ListSection({
  id,
  title,
  count,
  empty,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-ink-muted" />
        {title}
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">{count}</span>
      </h2>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-5 text-center text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">{children}</ul>
      )}
    </section>
  );
}

/** A task's title (a link to it), its group and its deadline. */
export function TaskTitle({
  taskId,
  title,
  groupName,
  deadline,
}: Pick<AssignedTask, "taskId" | "title" | "groupName" | "deadline">) {
  return (
    <div className="min-w-0">
      <Link to={taskPath(taskId)} className="font-medium break-words hover:underline">
        {title}
      </Link>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
        {groupName && <span>{groupName}</span>}
        {deadline && (
          <span className="inline-flex items-center gap-1">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            {formatDate(deadline, appTimeLocale())}
          </span>
        )}
      </p>
    </div>
  );
}

/** Offline, decisions wait for the network: said once at the top of a page. */
export function OfflineNote() {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      className="flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm text-ink-muted"
      role="status"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {DELEGATION_MESSAGES.offline}
    </p>
  );
}

/** Loading, not on the device, or failed: what a page shows before its data. */
export function Pending({
  query,
  what,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  what: string;
}) {
  const online = useOnline();
  if (query.isPending && online)
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading {what}…</span>
        <div aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-surface-muted" />
        <div aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-surface-muted" />
      </div>
    );
  return (
    <DataUnavailable
      what={what}
      failure={DELEGATION_MESSAGES.loadFailed}
      failed={query.isError}
      onRetry={() => void query.refetch()}
    />
  );
}

/** Where a person with no shared group goes to make one. */
export function AloneNote({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-5 text-sm">
      <p>{children}</p>
      <p className="mt-2">
        <Link to="/groups" className="font-medium text-brand underline underline-offset-2">
          Go to Groups to invite someone
        </Link>
      </p>
    </div>
  );
}
