import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Copy, KeyRound, LogOut, Monitor, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { describeUserAgent } from "../../../domain/user-agent";
import {
  createApiToken,
  getLinkedSignIn,
  listApiTokens,
  listSessions,
  revokeApiToken,
  revokeSession,
} from "../../api/account";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/password-rules";
import { changePassword } from "../../api/account-email";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { TextField } from "../../components/TextField";
import { forgetMe, useMe } from "../../hooks/use-me";
import { useOnline } from "../../offline/use-offline";
import { clearLocalData } from "../../stores/local-data";
import { notify } from "../../stores/notifier";
import { PasswordMeter } from "../auth/PasswordMeter";
import { dateTime, timeAgo } from "./format-time";
import { TokenList } from "./TokenList";

export default function AccountManagementPage() {
  // The sections come together once what they list is in: one by one, each pushed the ones below
  // it down as it filled (a layout shift of 0.35 on a phone). Offline, nothing is coming.
  const online = useOnline();
  const lists = useQueries({
    queries: [
      { queryKey: ["account", "sign-in"], queryFn: getLinkedSignIn },
      { queryKey: ["account", "sessions"], queryFn: listSessions },
      { queryKey: ["account", "tokens"], queryFn: listApiTokens },
    ],
  });
  const ready = !online || lists.every((list) => !list.isPending);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
        <p className="mt-1 text-ink-muted">
          How you sign in and where you are signed in.{" "}
          <Link to="/profile" className="text-brand underline underline-offset-2 hover:decoration-2">
            Edit your profile
          </Link>
        </p>
      </div>
      {ready ? (
        <>
          <SignInSection />
          <PasswordSection />
          <SessionsSection />
          <TokensSection />
          <Section
            title="Delete account"
            tone="danger"
            description="Removes your account, your personal tasks and your settings. Groups you share pass to another member."
          >
            <Link to="/delete-account" className={buttonClass.dangerOutline}>
              <TriangleAlert aria-hidden="true" className="size-4" />
              Delete my account…
            </Link>
          </Section>
        </>
      ) : (
        <p role="status" className="text-ink-muted">
          Loading your account…
        </p>
      )}
    </div>
  );
}

function SignInSection() {
  const linked = useQuery({ queryKey: ["account", "sign-in"], queryFn: getLinkedSignIn });
  return (
    <Section
      title="Sign-in"
      description="Your account is tied to this identity; its email and name are refreshed each time you sign in."
    >
      {linked.isPending && <p role="status">Loading…</p>}
      {linked.isError && <Alert tone="error">{linked.error.message}</Alert>}
      {linked.data && (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-ink-muted">Signs in with</dt>
          <dd className="font-medium">{linked.data.issuerName}</dd>
          <dt className="text-ink-muted">Email</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {linked.data.email ?? "none shared by the provider"}
            {linked.data.email &&
              (linked.data.emailVerified ? (
                <span className="inline-flex items-center gap-1 text-success">
                  <BadgeCheck aria-hidden="true" className="size-4" /> confirmed
                </span>
              ) : (
                <span className="text-ink-muted">
                  (not confirmed
                  {linked.data.builtin && (
                    <>
                      :{" "}
                      <Link to="/verify-email" className="text-brand underline underline-offset-2 hover:decoration-2">
                        send a new link
                      </Link>
                    </>
                  )}
                  )
                </span>
              ))}
          </dd>
          {!linked.data.builtin && (
            <>
              <dt className="text-ink-muted">Provider</dt>
              <dd className="break-all">{linked.data.issuerUrl}</dd>
            </>
          )}
        </dl>
      )}
    </Section>
  );
}

/**
 * The built-in provider's accounts change their password here (accounts of another provider do
 * it there). The server signs the other browsers out; this one stays signed in.
 */
function PasswordSection() {
  const queryClient = useQueryClient();
  const linked = useQuery({ queryKey: ["account", "sign-in"], queryFn: getLinkedSignIn });
  const me = useMe();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: async ({ message }) => {
      setDone(message);
      setCurrent("");
      setNext("");
      await queryClient.invalidateQueries({ queryKey: ["account", "sessions"] });
    },
  });
  if (!linked.data?.builtin) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    change.mutate();
  }

  return (
    <Section
      title="Change password"
      description="Your other browsers are signed out and need the new password; this one stays signed in."
    >
      <form onSubmit={submit} className="max-w-md space-y-4">
        {/* Lets password managers save the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={linked.data.email ?? ""} readOnly hidden />
        <TextField
          label="Current password"
          id="current-password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={current}
          onChange={setCurrent}
        />
        <TextField
          label="New password"
          id="new-password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby="new-password-strength"
          value={next}
          onChange={setNext}
        >
          <PasswordMeter id="new-password-strength" password={next} hints={[me?.name ?? "", linked.data.email ?? ""]} />
        </TextField>
        {change.isError && <Alert tone="error">{change.error.message}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <button type="submit" className={buttonClass.primary} disabled={change.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          {change.isPending ? "Changing…" : "Change password"}
        </button>
        <p className="text-sm text-ink-muted">Forgot it? Sign out and choose “Forgot password?” on the sign-in page.</p>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: ["account", "sessions"], queryFn: listSessions });
  const revoke = useMutation({
    mutationFn: async ({ id }: { id: string; current: boolean }) => revokeSession(id),
    onSuccess: async (_value, { current }) => {
      if (current) {
        await clearLocalData();
        await navigate("/login");
        forgetMe();
        return;
      }
      notify.success("That browser is signed out");
      await queryClient.invalidateQueries({ queryKey: ["account", "sessions"] });
    },
    onError: (error) => notify.error(error.message),
  });
  return (
    <Section
      title="Signed-in browsers"
      description="Sign out any you do not recognise; it will need your password again."
    >
      {sessions.isPending && <p role="status">Loading…</p>}
      {sessions.isError && <Alert tone="error">{sessions.error.message}</Alert>}
      {sessions.data && (
        <ul className="divide-y divide-line">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
              <Monitor aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {describeUserAgent(session.userAgent)}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold">
                      This browser
                    </span>
                  )}
                </p>
                <p className="text-sm text-ink-muted">
                  Active{" "}
                  <time dateTime={session.lastSeenAt} title={dateTime(session.lastSeenAt)}>
                    {timeAgo(session.lastSeenAt)}
                  </time>
                  {session.ipAddress && <> · {session.ipAddress}</>} · signed in {dateTime(session.createdAt)} with{" "}
                  {session.signedInWith}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: session.id, current: session.current })}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Sign out
                <span className="sr-only"> {describeUserAgent(session.userAgent)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TokensSection() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const tokens = useQuery({ queryKey: ["account", "tokens"], queryFn: listApiTokens });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["account", "tokens"] });
  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: async (value) => {
      setCreated({ name: value.name, token: value.token });
      setName("");
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async () => {
      notify.success("Token revoked");
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    create.mutate(name);
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      notify.success("Token copied");
    } catch {
      notify.error("Could not copy the token; select it and copy it yourself");
    }
  }

  return (
    <Section
      title="API tokens"
      description={
        <>
          For scripts and other apps: send a token as <code>Authorization: Bearer …</code>. It acts as you, so keep it
          secret. See the{" "}
          <a className="text-brand underline underline-offset-2 hover:decoration-2" href="/api/docs">
            API documentation
          </a>
          .
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label="Token name"
            value={name}
            maxLength={60}
            placeholder="e.g. Home automation"
            required
            onChange={setName}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          Create token
        </button>
      </form>
      {create.isError && (
        <div className="mt-4">
          <Alert tone="error">{create.error.message}</Alert>
        </div>
      )}
      {created && (
        <div className="mt-4 space-y-2">
          <Alert tone="success">Token “{created.name}” created. Copy it now: it is shown only this once.</Alert>
          <div className="flex items-center gap-2">
            <code
              aria-label="New token"
              className="min-w-0 flex-1 break-all rounded-lg border border-line bg-canvas px-3 py-2 text-sm"
            >
              {created.token}
            </code>
            <button type="button" className={buttonClass.secondary} onClick={() => void copy(created.token)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </button>
          </div>
        </div>
      )}
      {tokens.data && tokens.data.length === 0 && (
        <p className="mt-5 text-sm text-ink-muted">You have no API tokens.</p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <TokenList
          label="Your API tokens"
          tokens={tokens.data}
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
