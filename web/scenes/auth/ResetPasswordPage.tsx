import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { ResetTarget } from "../../../domain/account-email";
import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/password-rules";
import { checkResetLink, resetPassword } from "../../api/account-email";
import { ApiRequestError, errorMessage } from "../../api/http";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { TextField } from "../../components/TextField";
import { forgetMe } from "../../hooks/use-me";
import { AuthCard } from "./AuthCard";
import { PasswordMeter } from "./PasswordMeter";

type State =
  | { kind: "checking" }
  | { kind: "ready"; target: ResetTarget }
  | { kind: "done"; message: string }
  | { kind: "unusable"; message: string };

/**
 * /reset-password?token=…: opened from the reset email. Checks the link first (an expired or used
 * one says so before anyone types), then sets the new password under the sign-up's strength rule.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<State>(
    token ? { kind: "checking" } : { kind: "unusable", message: ACCOUNT_EMAIL_MESSAGES.linkMissing },
  );

  useEffect(() => {
    if (!token) return;
    checkResetLink(token).then(
      (target) => setState({ kind: "ready", target }),
      (reason: unknown) => setState({ kind: "unusable", message: errorMessage(reason) }),
    );
  }, [token]);

  return (
    <AuthCard title="Choose a new password">
      {state.kind === "checking" && <p role="status">Checking the link…</p>}
      {state.kind === "ready" && token && (
        <NewPasswordForm
          token={token}
          target={state.target}
          onDone={(message) => setState({ kind: "done", message })}
          onUnusable={(message) => setState({ kind: "unusable", message })}
        />
      )}
      {state.kind === "done" && (
        <>
          <Alert tone="success">{state.message}</Alert>
          <Link to="/login" className={`${buttonClass.primary} px-5 py-2.5`}>
            Sign in again
          </Link>
        </>
      )}
      {state.kind === "unusable" && (
        <>
          <Alert tone="error">{state.message}</Alert>
          <p className="text-sm text-ink-muted">
            To get a new link, go to{" "}
            <Link to="/login" className="text-brand underline underline-offset-2">
              sign in
            </Link>{" "}
            and choose “Forgot password?”.
          </p>
        </>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({
  token,
  target,
  onDone,
  onUnusable,
}: {
  token: string;
  target: ResetTarget;
  onDone: (message: string) => void;
  onUnusable: (message: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await resetPassword(token, password);
      // Every session of the account has ended, this browser's included.
      forgetMe();
      onDone(message);
    } catch (reason) {
      if (reason instanceof ApiRequestError && reason.status === 410) onUnusable(reason.message);
      else setError(errorMessage(reason));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-ink-muted">
        For the account <strong className="text-ink">{target.email}</strong>. Setting it signs you out on every device.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {/* Lets password managers save the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={target.email} readOnly hidden />
      <TextField
        label="New password"
        id="new-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        aria-describedby="password-strength"
        value={password}
        onChange={setPassword}
      >
        <PasswordMeter id="password-strength" password={password} hints={[target.name, target.email]} />
      </TextField>
      <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full py-2.5 text-base`}>
        {busy ? "Please wait…" : "Set new password"}
      </button>
    </form>
  );
}
