import { type FormEvent, useEffect, useState } from "react";
import { useParams } from "react-router";
import { AUTH_MESSAGES } from "../../../domain/auth-messages";
import type { InteractionDetails } from "../../../domain/auth";
import { abortInteraction, getInteraction, submitSignIn, submitSignUp } from "../../api/auth";
import { ApiRequestError, errorMessage } from "../../api/http";
import { instanceConfig } from "../../api/instance-config";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/password-rules";
import { Alert } from "../../components/Alert";
import { TextField } from "../../components/TextField";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { PasswordMeter } from "./PasswordMeter";

type Mode = "sign-in" | "sign-up" | "forgot";

/** The built-in provider's sign-in step (/oidc/interaction/:uid): sign in, or create an account. */
export default function IdpSignInPage() {
  const { uid = "" } = useParams();
  const [details, setDetails] = useState<InteractionDetails | null>(null);
  const [mode, setMode] = useState<Mode>("sign-in");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getInteraction(uid).then(
      (value) => {
        setDetails(value);
        if (value.screen === "sign-up") setMode("sign-up");
        if (value.loginHint) setEmail(value.loginHint);
      },
      (reason: unknown) =>
        setError(reason instanceof ApiRequestError ? reason.message : AUTH_MESSAGES.interactionExpired),
    );
  }, [uid]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result =
        mode === "sign-in"
          ? await submitSignIn(uid, { email, password })
          : await submitSignUp(uid, { name, email, password });
      if ("redirectTo" in result) {
        window.location.assign(result.redirectTo);
        return;
      }
      // Sign-up by email: the emailed link finishes it, here there is nothing more to do.
      setEmailed(result.message);
      setPassword("");
      setBusy(false);
    } catch (reason) {
      setError(errorMessage(reason));
      setBusy(false);
    }
  }

  async function cancel() {
    try {
      window.location.assign((await abortInteraction(uid)).redirectTo);
    } catch {
      window.location.assign("/login");
    }
  }

  const heading =
    mode === "sign-in"
      ? `Sign in to ${instanceConfig.name}`
      : mode === "sign-up"
        ? `Create your ${instanceConfig.name} account`
        : "Reset your password";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        {details === null && !error && <p className="mt-4 text-sm text-ink-muted">Loading…</p>}
        {error && (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        )}
        {details && mode === "forgot" && <ForgotPasswordForm initialEmail={email} onBack={() => setMode("sign-in")} />}
        {emailed && (
          <div className="mt-4">
            <Alert tone="success">{emailed}</Alert>
          </div>
        )}
        {details && mode !== "forgot" && !emailed && (
          <>
            <div
              role="tablist"
              aria-label="Account"
              className="mt-5 grid grid-cols-2 rounded-lg bg-surface-muted p-1 text-sm font-medium"
            >
              {(["sign-in", "sign-up"] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  aria-selected={mode === value}
                  onClick={() => {
                    setMode(value);
                    setError(null);
                  }}
                  className="rounded-md px-3 py-1.5 text-ink-muted aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm"
                >
                  {value === "sign-in" ? "Sign in" : "Create account"}
                </button>
              ))}
            </div>
            <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-4" noValidate={false}>
              {mode === "sign-up" && (
                <TextField
                  label="Name"
                  id="name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={100}
                  value={name}
                  onChange={setName}
                />
              )}
              <TextField
                label="Email"
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={setEmail}
              />
              <TextField
                label="Password"
                id="password"
                name="password"
                type="password"
                autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
                required
                minLength={mode === "sign-up" ? PASSWORD_MIN_LENGTH : undefined}
                maxLength={PASSWORD_MAX_LENGTH}
                aria-describedby={mode === "sign-up" ? "password-strength" : undefined}
                value={password}
                onChange={setPassword}
              >
                {mode === "sign-up" && (
                  <PasswordMeter id="password-strength" password={password} hints={[name, email]} />
                )}
                {mode === "sign-in" && (
                  <button
                    type="button"
                    onClick={() => {
                      setMode("forgot");
                      setError(null);
                    }}
                    className="mt-1.5 text-sm text-brand underline-offset-2 hover:underline"
                  >
                    Forgot password?
                  </button>
                )}
              </TextField>
              <button
                type="submit"
                disabled={busy}
                className="w-full rounded-lg bg-brand px-4 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover disabled:opacity-60"
              >
                {busy ? "Please wait…" : mode === "sign-in" ? "Sign in" : "Create account"}
              </button>
            </form>
            <button
              type="button"
              onClick={() => void cancel()}
              className="mt-3 w-full rounded-lg px-4 py-2 text-sm text-ink-muted hover:text-ink"
            >
              Cancel
            </button>
          </>
        )}
      </div>
    </div>
  );
}
