import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleAlert, ExternalLink, Info } from "lucide-react";
import { Link } from "react-router";
import type { ConnectionStatus } from "../../../domain/calendar-outside";
import { formatDateTime } from "../../../domain/time-format";
import { ApiRequestError, errorMessage } from "../../api/http";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass } from "../../components/form";
import { useOnline } from "../../offline/use-offline";
import { linkClass } from "../../scenes/groups/PageHeader";
import { appTimeLocale } from "../../stores/time-locale";
import { getConnectionStatus, getGoogleAuthUrl } from "./api-outside";
import { calendarKeys } from "./keys";

/**
 * What /calendar-auth and /google-calendar share (docs/calendar.md, "Google Calendar"): the
 * button that sends the browser to Google's consent screen, or the notice that this server has no
 * Google client, and the state of the user's connections.
 */

/** The address is asked for on the click: each answer starts a ten-minute sign-in at Google. */
export function ConnectGoogle() {
  const online = useOnline();
  const connect = useMutation({
    mutationFn: getGoogleAuthUrl,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
  const notConfigured = connect.error instanceof ApiRequestError && connect.error.code === "GOOGLE_NOT_CONFIGURED";
  if (notConfigured) return <NotConfiguredNotice />;
  return (
    <div className="space-y-3">
      <button
        type="button"
        className={buttonClass.primary}
        disabled={!online || connect.isPending || connect.isSuccess}
        onClick={() => connect.mutate()}
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {connect.isPending || connect.isSuccess ? "Opening Google…" : "Connect Google Calendar"}
      </button>
      {!online && <p className="text-sm text-ink-muted">You are offline: Google can be connected once you are back.</p>}
      {connect.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(connect.error)}
        </p>
      )}
    </div>
  );
}

function NotConfiguredNotice() {
  return (
    <div role="status" className="flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
      <div className="space-y-2">
        <p className="font-medium">This server cannot connect Google accounts yet.</p>
        <p className="text-ink-muted">
          Its operator has to add a Google client first: a client id and secret from Google Cloud, set as{" "}
          <code className="rounded bg-canvas px-1">GOOGLE_CALENDAR_CLIENT_ID</code> and{" "}
          <code className="rounded bg-canvas px-1">GOOGLE_CALENDAR_CLIENT_SECRET</code> (docs/calendar.md explains how).
        </p>
        <p className="text-ink-muted">
          Meanwhile both other ways work without it: the secret feed shows your tasks in Google Calendar, and Google's
          “Secret address in iCal format” shows Google's events here.{" "}
          <Link to="/google-calendar" className={linkClass}>
            Google Calendar step by step
          </Link>
        </p>
      </div>
    </div>
  );
}

const KIND_NAMES: Record<ConnectionStatus["sources"][number]["kind"], string> = {
  ics: "Subscription",
  caldav: "CalDAV account",
  google: "Google account",
};

/** Each connection: working or why not, and when it last synced. `kind`: only those of one kind. */
export function ConnectionList({ kind, empty }: { kind?: ConnectionStatus["sources"][number]["kind"]; empty: string }) {
  const status = useQuery({ queryKey: calendarKeys.connectionStatus, queryFn: getConnectionStatus });
  const online = useOnline();
  const locale = appTimeLocale();
  if (!status.data)
    return (
      <>
        {status.isPending && online && <p role="status">Loading your connections…</p>}
        <DataUnavailable
          what="your connections"
          failure="Your connections could not be loaded."
          failed={status.isError}
          onRetry={() => void status.refetch()}
        />
      </>
    );
  const sources = status.data.sources.filter((source) => kind === undefined || source.kind === kind);
  if (sources.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-line" aria-label="Connections">
      {sources.map((source) => (
        <li key={source.id} className="py-3 first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
            <span className="break-all">{source.name}</span>
            <span className="text-xs font-normal text-ink-muted">{KIND_NAMES[source.kind]}</span>
          </p>
          <p className={`mt-1 flex gap-1.5 text-sm ${source.ok ? "text-ink-muted" : "text-danger"}`}>
            {!source.ok && <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
            <span>
              {source.ok ? "Working." : `Not working: ${source.error ?? "not synced yet"}.`}{" "}
              {source.lastSyncedAt ? `Last synced ${formatDateTime(source.lastSyncedAt, locale)}.` : "Never synced."}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
