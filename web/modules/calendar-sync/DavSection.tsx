import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { listApiTokens, revokeApiToken } from "../../api/account";
import { instanceConfig } from "../../api/instance-config";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { useMe } from "../../hooks/use-me";
import { notify } from "../../stores/notifier";
import { appPasswordKeys, createAppPassword } from "./dav-api";
import { TokenList } from "../../scenes/account/TokenList";

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error(`Could not copy the ${what.toLowerCase()}; select it and copy it yourself`);
  }
}

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <code
          aria-label={label}
          className="min-w-0 flex-1 break-all rounded-lg border border-line bg-canvas px-3 py-2 text-sm"
        >
          {value}
        </code>
        <button type="button" className={buttonClass.secondary} onClick={() => void copy(value, label)}>
          <Copy aria-hidden="true" className="size-4" />
          Copy<span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
    </div>
  );
}

/**
 * Calendar apps (CalDAV, docs/calendar.md): the address and user name to type, app passwords made
 * here (shown once) and the list of them to revoke. An app password opens /dav only.
 */
export default function DavSection() {
  const queryClient = useQueryClient();
  const me = useMe();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const tokens = useQuery({ queryKey: appPasswordKeys.all, queryFn: listApiTokens });
  const passwords = (tokens.data ?? []).filter((token) => token.scope === "calendar");
  const refresh = () => queryClient.invalidateQueries({ queryKey: appPasswordKeys.all });
  const create = useMutation({
    mutationFn: (appName: string) => createAppPassword(appName),
    onSuccess: async (value) => {
      setCreated({ name: value.name, token: value.token });
      setName("");
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiToken(id),
    onSuccess: async () => {
      notify.success("App password revoked");
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
  // PUBLIC_URL: the address users reach, also behind a reverse proxy.
  const serverAddress = `${instanceConfig.publicUrl.replace(/\/$/, "")}/dav/`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    create.mutate(name);
  }

  return (
    <Section
      title="Calendar apps (CalDAV)"
      description="Your tasks, two ways, in Thunderbird, Apple Reminders, DAVx5 and other CalDAV apps: each of your groups is a list of tasks there. Sign in with an app password made here, never your own password."
    >
      <div className="space-y-3">
        <CopyableValue label="Server address" value={serverAddress} />
        {me?.email && <CopyableValue label="User name" value={me.email} />}
      </div>

      <form onSubmit={submit} className="mt-5 flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label="App name"
            value={name}
            maxLength={60}
            placeholder="e.g. Thunderbird on my laptop"
            required
            onChange={setName}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          Create app password
        </button>
      </form>
      {create.isError && (
        <div className="mt-4">
          <Alert tone="error">{create.error.message}</Alert>
        </div>
      )}
      {created && (
        <div className="mt-4 space-y-2">
          <Alert tone="success">
            App password for “{created.name}” created. Enter it in the app now: it is shown only this once.
          </Alert>
          <CopyableValue label="App password" value={created.token} />
        </div>
      )}

      {tokens.data && passwords.length === 0 && (
        <p className="mt-5 text-sm text-ink-muted">You have no app passwords for calendar apps.</p>
      )}
      {passwords.length > 0 && (
        <TokenList
          label="Your app passwords"
          tokens={passwords}
          revoking={revoke.isPending}
          onRevoke={(id) => revoke.mutate(id)}
        />
      )}
      {tokens.isError && (
        <div className="mt-4">
          <Alert tone="error">{tokens.error.message}</Alert>
        </div>
      )}
    </Section>
  );
}
