import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Copy, RefreshCw, Rss } from "lucide-react";
import { useState } from "react";
import type { CalendarFeed, CreatedFeed } from "../../../domain/calendar-feeds";
import type { Group } from "../../../domain/groups";
import { errorMessage } from "../../api/http";
import { Alert } from "../../components/Alert";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { Switch } from "../../components/Switch";
import { useGroups } from "../../hooks/use-groups";
import { useOnline } from "../../offline/use-offline";
import { dateTime, timeAgo } from "../../scenes/account/format-time";
import { notify } from "../../stores/notifier";
import { createFeed, listFeeds, revokeFeed, setIncludeCompleted, webcalUrl } from "./api";
import { calendarKeys } from "./keys";

/** A feed the user may have: all groups (groupId null) or one group. */
interface Scope {
  groupId: string | null;
  name: string;
}

/**
 * Secret feeds on /calendar-settings (docs/calendar.md): one address for all groups and one per
 * group, each shown once when made, with how to add it to the common calendar apps.
 */
export default function FeedsSection() {
  const online = useOnline();
  const { groups, data: groupData } = useGroups();
  const feeds = useQuery({ queryKey: calendarKeys.feeds, queryFn: listFeeds });
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const scopes: Scope[] = [
    { groupId: null, name: "All my groups" },
    ...groups.map((group: Group) => ({ groupId: group.id, name: group.name })),
  ];

  return (
    <Section
      title="Subscribe in a calendar app"
      description="Your tasks with deadlines appear in Google Calendar, Apple Calendar, Outlook or Thunderbird through a private address. Calendar apps read it every few hours; changes here follow then. Anyone with the address sees the tasks in it, so keep it to yourself: you can replace or revoke it any time."
    >
      {created && <NewAddress created={created} onDone={() => setCreated(null)} />}
      {feeds.data ? (
        <ul className="divide-y divide-line" aria-label="Calendar feeds">
          {scopes.map((scope) => (
            <FeedRow
              key={scope.groupId ?? "all"}
              scope={scope}
              feed={feeds.data.feeds.find((feed) => feed.groupId === scope.groupId)}
              disabled={!online}
              onCreated={setCreated}
            />
          ))}
        </ul>
      ) : (
        <>
          {feeds.isPending && online && <p role="status">Loading your feeds…</p>}
          <DataUnavailable
            what="your calendar feeds"
            failure="Your calendar feeds could not be loaded."
            failed={feeds.isError}
            onRetry={() => void feeds.refetch()}
          />
        </>
      )}
      {groupData !== undefined && feeds.data && <HowToAdd />}
    </Section>
  );
}

function FeedRow({
  scope,
  feed,
  disabled,
  onCreated,
}: {
  scope: Scope;
  feed: CalendarFeed | undefined;
  disabled: boolean;
  onCreated: (created: CreatedFeed) => void;
}) {
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<"replace" | "revoke" | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: calendarKeys.feeds });
  const make = useMutation({
    mutationFn: () => createFeed(scope.groupId, feed?.includeCompleted ?? false),
    onSuccess: (answer) => {
      setConfirm(null);
      onCreated(answer);
      void refresh();
    },
    onError: (error) => notify.error(`Could not make the address: ${errorMessage(error)}`),
  });
  const revoke = useMutation({
    mutationFn: () => revokeFeed(feed!.id),
    onSuccess: () => {
      setConfirm(null);
      notify.success(`The address of “${scope.name}” no longer works`);
      void refresh();
    },
    onError: (error) => notify.error(`Could not revoke the address: ${errorMessage(error)}`),
  });
  const completed = useMutation({
    mutationFn: (include: boolean) => setIncludeCompleted(feed!.id, include),
    onSuccess: () => void refresh(),
    onError: (error) => notify.error(`Could not save: ${errorMessage(error)}`),
  });

  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{scope.name}</p>
          <p className="text-sm text-ink-muted">
            {feed
              ? `Address made ${dateTime(feed.createdAt)} · ${feed.lastUsedAt ? `read by a calendar app ${timeAgo(feed.lastUsedAt)}` : "not read by any app yet"}`
              : "No address yet"}
          </p>
        </div>
        {feed ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={disabled}
              onClick={() => setConfirm("replace")}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              New address<span className="sr-only"> for {scope.name}</span>
            </button>
            <button
              type="button"
              className={buttonClass.dangerOutline}
              disabled={disabled}
              onClick={() => setConfirm("revoke")}
            >
              Revoke<span className="sr-only"> the address of {scope.name}</span>
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={disabled || make.isPending}
            onClick={() => make.mutate()}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Make address<span className="sr-only"> for {scope.name}</span>
          </button>
        )}
      </div>
      {feed && (
        <Switch
          label="Include completed tasks"
          description="Tasks done in the last year stay in the calendar, marked with ✓."
          checked={feed.includeCompleted}
          disabled={disabled || completed.isPending}
          onChange={(include) => completed.mutate(include)}
        />
      )}
      <ConfirmDialog
        open={confirm === "replace"}
        title={`New address for “${scope.name}”?`}
        confirmLabel="Make a new address"
        tone="primary"
        busy={make.isPending}
        onConfirm={() => make.mutate()}
        onCancel={() => setConfirm(null)}
      >
        The current address stops working at once: calendar apps subscribed to it stop showing these tasks until you
        give them the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "revoke"}
        title={`Revoke the address of “${scope.name}”?`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setConfirm(null)}
      >
        Calendar apps subscribed to it stop showing these tasks. You can make a new address later.
      </ConfirmDialog>
    </li>
  );
}

function NewAddress({ created, onDone }: { created: CreatedFeed; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.url);
      notify.success("Address copied");
    } catch {
      notify.error("Could not copy the address; select it and copy it yourself");
    }
  }
  return (
    <div className="mb-4 space-y-3 rounded-lg border border-line bg-surface-muted p-4">
      <Alert tone="success">
        The address of “{created.feed.name}” is ready. Copy it now: it is shown only this once (the server keeps only a
        fingerprint of it).
      </Alert>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="Feed address"
          className="min-w-0 flex-1 break-all rounded-lg border border-line bg-canvas px-3 py-2 text-sm"
        >
          {created.url}
        </code>
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </button>
        <a className={buttonClass.secondary} href={webcalUrl(created.url)}>
          <Rss aria-hidden="true" className="size-4" />
          Open in calendar app
        </a>
      </div>
      <button
        type="button"
        className="text-sm font-medium text-ink-muted underline underline-offset-2 hover:text-ink"
        onClick={onDone}
      >
        Done, hide the address
      </button>
    </div>
  );
}

function HowToAdd() {
  return (
    <details className="mt-4 rounded-lg border border-line px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium">How to add the address to your calendar app</summary>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-muted">
        <li>
          <strong className="text-ink">Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the
          address. Google reads it about every 12 hours.
        </li>
        <li>
          <strong className="text-ink">Apple Calendar</strong>: “Open in calendar app” above, or File, New Calendar
          Subscription. On an iPhone: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar.
        </li>
        <li>
          <strong className="text-ink">Outlook</strong>: Add calendar, Subscribe from web.
        </li>
        <li>
          <strong className="text-ink">Thunderbird</strong>: New Calendar, On the Network; paste the address.
        </li>
      </ul>
    </details>
  );
}
