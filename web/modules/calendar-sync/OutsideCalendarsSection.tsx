import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarSearch, CloudOff, RefreshCw, Server, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { AddSourceInput, OutsideSource } from "../../../domain/calendar-outside";
import { formatDateTime } from "../../../domain/time-format";
import { errorMessage } from "../../api/http";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { useOnline } from "../../offline/use-offline";
import { notify } from "../../stores/notifier";
import { appTimeLocale } from "../../stores/time-locale";
import {
  addSource,
  listSources,
  refetchOutside,
  refreshSource,
  removeSource,
  updateCalendar,
  updateSource,
} from "./api-outside";
import { calendarKeys } from "./keys";

/**
 * Outside calendars on /calendar-settings (docs/calendar.md, "Outside calendars"): subscribe to
 * an ICS address or connect a CalDAV account, choose which calendars show beside the tasks, and
 * see for each whether it works, when it last synced and why it failed.
 */
export default function OutsideCalendarsSection() {
  return <OutsideCalendars online={useOnline()} />;
}

/** The section itself, given whether the device is online (a test renders it without a browser). */
export function OutsideCalendars({ online }: { online: boolean }) {
  const sources = useQuery({ queryKey: calendarKeys.sources, queryFn: listSources });

  return (
    <Section
      title="Outside calendars"
      description="Show events from other calendars beside your tasks: a subscription address (.ics or webcal://) or a CalDAV account such as Nextcloud, Fastmail or iCloud. This server fetches them about once an hour; only you see them."
    >
      {!online && (
        <p
          role="status"
          className="mb-4 flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm text-ink-muted"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You are offline: outside calendars can be added and changed once you are back online.
        </p>
      )}
      {sources.isPending && online && <p role="status">Loading your outside calendars…</p>}
      {(sources.isPending || (sources.isError && sources.data === undefined)) && (
        <DataUnavailable
          what="your outside calendars"
          failure="Your outside calendars could not be loaded."
          failed={sources.isError}
          onRetry={() => void sources.refetch()}
        />
      )}
      {sources.data && sources.data.sources.length === 0 && (
        <p className="text-sm text-ink-muted">No outside calendars yet.</p>
      )}
      {sources.data && sources.data.sources.length > 0 && (
        <ul className="space-y-4" aria-label="Outside calendars">
          {sources.data.sources.map((source) => (
            <li key={source.id}>
              <SourceCard source={source} online={online} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <SubscribeForm online={online} />
        <CaldavForm online={online} />
      </div>
    </Section>
  );
}

function useAdd(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddSourceInput) => addSource(input),
    onSuccess: async (source) => {
      onDone();
      notify.success(`${source.name} added`);
      await refetchOutside(client);
    },
  });
}

function SubscribeForm({ online }: { online: boolean }) {
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const add = useAdd(() => {
    setUrl("");
    setName("");
  });
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ kind: "ics", url: url.trim(), ...(name.trim() && { name: name.trim() }) });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={add.isError ? errorId : undefined}>
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarSearch aria-hidden="true" className="size-4" />
        Subscribe by address
      </h3>
      <TextField
        label="Calendar address"
        type="url"
        inputMode="url"
        required
        placeholder="https://… or webcal://…"
        value={url}
        onChange={setUrl}
        autoComplete="off"
      />
      <TextField label="Name (optional)" value={name} onChange={setName} maxLength={100} />
      {add.isError && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {errorMessage(add.error)}
        </p>
      )}
      <button type="submit" className={buttonClass.primary} disabled={!online || add.isPending || url.trim() === ""}>
        {add.isPending ? "Checking the address…" : "Subscribe"}
      </button>
    </form>
  );
}

function CaldavForm({ online }: { online: boolean }) {
  const [url, setUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const add = useAdd(() => {
    setUrl("");
    setUsername("");
    setPassword("");
  });
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ kind: "caldav", url: url.trim(), username: username.trim(), password });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={add.isError ? errorId : undefined}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Server aria-hidden="true" className="size-4" />
        Connect a CalDAV account
      </h3>
      <TextField
        label="Server address"
        type="url"
        inputMode="url"
        required
        placeholder="https://cloud.example.org/remote.php/dav"
        value={url}
        onChange={setUrl}
        autoComplete="off"
      />
      <TextField label="User name" required value={username} onChange={setUsername} autoComplete="username" />
      <TextField
        label="Password or app password"
        type="password"
        required
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      >
        <p className="mt-1 text-sm text-ink-muted">
          Use an app password where your provider offers one: it reads your calendars and nothing else, and you can
          revoke it there.
        </p>
      </TextField>
      {add.isError && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {errorMessage(add.error)}
        </p>
      )}
      <button
        type="submit"
        className={buttonClass.primary}
        disabled={!online || add.isPending || url.trim() === "" || username.trim() === "" || password === ""}
      >
        {add.isPending ? "Connecting…" : "Connect"}
      </button>
    </form>
  );
}

const COLOR_SAVE_DELAY_MS = 500;

function SourceCard({ source, online }: { source: OutsideSource; online: boolean }) {
  const client = useQueryClient();
  const [name, setName] = useState(source.name);
  // A colour picker reports every shade it passes while dragged: the last one is saved, once.
  const [color, setColor] = useState(source.color);
  const [confirming, setConfirming] = useState(false);
  const colorId = useId();
  const statusId = useId();
  const saved = (updated: OutsideSource) => {
    client.setQueryData<{ sources: OutsideSource[] }>(
      calendarKeys.sources,
      (data) => data && { sources: data.sources.map((entry) => (entry.id === updated.id ? updated : entry)) },
    );
    return refetchOutside(client);
  };
  const failed = (error: unknown) => notify.error(errorMessage(error));
  const rename = useMutation({
    mutationFn: (changes: { name?: string; color?: string }) => updateSource(source.id, changes),
    onSuccess: saved,
    onError: failed,
  });
  const choose = useMutation({
    mutationFn: ({ calendarId, selected }: { calendarId: string; selected: boolean }) =>
      updateCalendar(source.id, calendarId, { selected }),
    onSuccess: saved,
    onError: failed,
  });
  const refresh = useMutation({ mutationFn: () => refreshSource(source.id), onSuccess: saved, onError: failed });
  const remove = useMutation({
    mutationFn: () => removeSource(source.id),
    onSuccess: async () => {
      setConfirming(false);
      notify.success(`${source.name} removed`);
      await refetchOutside(client);
    },
    onError: failed,
  });
  const { mutate: save } = rename;
  useEffect(() => {
    if (color === source.color) return;
    const timer = setTimeout(() => save({ color }), COLOR_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [color, source.color, save]);
  const locale = appTimeLocale();
  const { status } = source;

  return (
    <article className="rounded-lg border border-line p-4" aria-label={source.name} aria-describedby={statusId}>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={colorId} className="sr-only">
            Colour of {source.name}
          </label>
          <input
            id={colorId}
            type="color"
            value={color}
            disabled={!online}
            onChange={(event) => setColor(event.target.value)}
            className="h-9 w-9 cursor-pointer rounded border border-line bg-canvas"
          />
        </div>
        <form
          className="flex min-w-0 flex-1 items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() && name.trim() !== source.name) rename.mutate({ name: name.trim() });
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField label="Name" value={name} onChange={setName} maxLength={100} disabled={!online} />
          </div>
          {name.trim() !== source.name && (
            <button type="submit" className={buttonClass.secondary} disabled={!online || rename.isPending}>
              Rename
            </button>
          )}
        </form>
      </div>
      <p className="mt-2 break-all text-sm text-ink-muted">
        {source.kind === "caldav"
          ? `CalDAV: ${source.username ?? ""} at ${source.url}`
          : source.kind === "google"
            ? "Google account, read with the access you gave on Google's page"
            : source.url}
      </p>
      <p id={statusId} className={`mt-2 text-sm ${status.ok ? "text-ink-muted" : "text-danger"}`}>
        {status.ok ? "Working." : `Not working: ${status.error ?? "not synced yet"}.`}{" "}
        {status.lastSyncedAt ? `Last synced ${formatDateTime(status.lastSyncedAt, locale)}.` : "Never synced."}
        {!status.ok && status.lastSyncedAt && " The events from then are still shown."}
      </p>
      {source.kind !== "ics" && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium">Calendars to show</legend>
          <ul className="mt-1 space-y-1">
            {source.calendars.map((calendar) => (
              <li key={calendar.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={calendar.selected}
                    disabled={!online || choose.isPending}
                    onChange={(event) => choose.mutate({ calendarId: calendar.id, selected: event.target.checked })}
                  />
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: calendar.color }}
                  />
                  {calendar.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!online || refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${refresh.isPending ? "animate-spin" : ""}`} />
          {refresh.isPending ? "Refreshing…" : "Refresh now"}
        </button>
        <button
          type="button"
          className={buttonClass.dangerOutline}
          disabled={!online}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${source.name}?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        Its events stop showing beside your tasks.
        {source.kind === "caldav" && " The password is deleted from this server; the account itself stays as it is."}
        {source.kind === "google" &&
          " Tandem's access is deleted from this server; Google still lists it under your Google Account's third-party access until you remove it there."}
      </ConfirmDialog>
    </article>
  );
}
