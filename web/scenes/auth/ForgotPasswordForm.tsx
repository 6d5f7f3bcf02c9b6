import { type FormEvent, useState } from "react";
import { forgotPassword } from "../../api/account-email";
import { errorMessage } from "../../api/http";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { TextField } from "../../components/TextField";

/**
 * "Forgot password?" on the provider's sign-in step. The server answers the same sentence whether
 * or not an account has this email, and so does this form.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent((await forgotPassword(email)).message);
    } catch (reason) {
      setError(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-5 space-y-4">
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-sm text-ink-muted">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Email"
            id="reset-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full py-2.5 text-base`}>
            {busy ? "Please wait…" : "Send reset link"}
          </button>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="w-full rounded-lg px-4 py-2 text-sm text-ink-muted hover:text-ink"
      >
        Back to sign in
      </button>
    </div>
  );
}
