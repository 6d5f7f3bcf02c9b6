import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ACCOUNT_EMAIL_MESSAGES } from "../../../domain/account-email-messages";
import { resendVerification, verifyEmail } from "../../api/account-email";
import { errorMessage } from "../../api/http";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { refreshMe, useMe } from "../../hooks/use-me";
import { AuthCard } from "./AuthCard";

type State =
  | { kind: "working" }
  | { kind: "verified"; email: string; newAccount: boolean }
  | { kind: "failed"; message: string }
  | { kind: "no-token" };

const messageOf = errorMessage;

/**
 * /verify-email?token=…: opened from the confirmation email. The page POSTs the token (opening a
 * link never changes anything by itself); without a token, a signed-in user can ask for a new link.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<State>(token ? { kind: "working" } : { kind: "no-token" });
  // A link works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      ({ email, newAccount }) => {
        setState({ kind: "verified", email, newAccount });
        refreshMe();
      },
      (reason: unknown) => setState({ kind: "failed", message: messageOf(reason) }),
    );
  }, [token]);

  return (
    <AuthCard title="Confirm your email address">
      {state.kind === "working" && <p role="status">Confirming your email address…</p>}
      {state.kind === "verified" && state.newAccount && (
        <>
          <Alert tone="success">{ACCOUNT_EMAIL_MESSAGES.accountReady}</Alert>
          <Link to="/login" className={`${buttonClass.primary} px-5 py-2.5`}>
            Sign in
          </Link>
        </>
      )}
      {state.kind === "verified" && !state.newAccount && (
        <>
          <Alert tone="success">
            {ACCOUNT_EMAIL_MESSAGES.emailVerified} <strong>{state.email}</strong> is the address of your account.
          </Alert>
          <Link to="/" className={`${buttonClass.primary} px-5 py-2.5`}>
            Continue
          </Link>
        </>
      )}
      {state.kind === "failed" && (
        <>
          <Alert tone="error">{state.message}</Alert>
          <ResendLink />
        </>
      )}
      {state.kind === "no-token" && (
        <>
          <p className="text-sm text-ink-muted">{ACCOUNT_EMAIL_MESSAGES.linkMissing}</p>
          <ResendLink />
        </>
      )}
    </AuthCard>
  );
}

/** A new link for the signed-in user whose address is not confirmed yet; sign-in first otherwise. */
function ResendLink() {
  const me = useMe();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (me === undefined) return null;
  if (me === null) {
    return (
      <p className="text-sm text-ink-muted">
        To get a new link,{" "}
        <Link to="/login?next=%2Fverify-email" className="text-brand underline underline-offset-2">
          sign in
        </Link>{" "}
        and come back to this page.
      </p>
    );
  }
  if (me.emailVerified) return <Alert tone="success">{ACCOUNT_EMAIL_MESSAGES.alreadyVerified}</Alert>;

  async function resend() {
    setBusy(true);
    try {
      setNotice({ tone: "success", text: (await resendVerification()).message });
    } catch (reason) {
      setNotice({ tone: "error", text: messageOf(reason) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">
        Signed in as <strong className="text-ink">{me.email}</strong>, which is not confirmed yet.
      </p>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <button type="button" disabled={busy} onClick={() => void resend()} className={buttonClass.secondary}>
        {busy ? "Sending…" : "Send a new confirmation link"}
      </button>
    </div>
  );
}
