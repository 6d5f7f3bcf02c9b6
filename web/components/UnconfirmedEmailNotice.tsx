import { MailWarning, X } from "lucide-react";
import { useState } from "react";
import { resendVerification } from "../api/account-email";
import { errorMessage } from "../api/http";
import { useMe } from "../hooks/use-me";
import { Alert } from "./Alert";
import { buttonClass } from "./form";

/**
 * For a signed-in user whose email address is not confirmed yet: invitations by email are shown
 * only to the confirmed owner of the address (docs/decisions.md), so theirs wait unseen, and
 * nothing else would tell them why. One button sends the confirmation email.
 * `withoutEmail`: also explain an account whose sign-in shared no address at all.
 * `dismissible`: where it sits above the task list, "Not now" puts it away on this device (it
 * would otherwise push the list down on every visit); /invitations always explains.
 */
export function UnconfirmedEmailNotice({
  withoutEmail = false,
  dismissible = false,
}: {
  withoutEmail?: boolean;
  dismissible?: boolean;
}) {
  const me = useMe();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const dismissKey = me ? `unconfirmed-email-notice-dismissed:${me.id}` : "";
  const [dismissed, setDismissed] = useState(() => dismissible && readFlag(dismissKey));
  if (!me || me.emailVerified || (!me.email && !withoutEmail) || dismissed) return null;

  function dismiss() {
    writeFlag(dismissKey);
    setDismissed(true);
  }

  async function send() {
    setSending(true);
    try {
      setAnswer({ tone: "success", text: (await resendVerification()).message });
    } catch (reason) {
      setAnswer({ tone: "error", text: errorMessage(reason) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-labelledby="unconfirmed-email-title"
      className="flex gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id="unconfirmed-email-title" className="font-semibold">
          {me.email ? "Confirm your email address" : "No email address"}
        </h2>
        {me.email ? (
          <p>
            Invitations to <strong className="break-all">{me.email}</strong> reach you once you confirm it: they are
            matched to confirmed addresses only, so nobody can join a group with an address that is not theirs.
          </p>
        ) : (
          <p>Your sign-in did not share an email address, so invitations by email cannot reach you yet.</p>
        )}
        {me.email && answer?.tone !== "success" && (
          <button type="button" disabled={sending} onClick={() => void send()} className={buttonClass.secondary}>
            {sending ? "Sending…" : "Send the confirmation email"}
          </button>
        )}
        {answer && <Alert tone={answer.tone}>{answer.text}</Alert>}
      </div>
      {dismissible && (
        <button
          type="button"
          onClick={dismiss}
          aria-label="Not now: hide this notice on this device"
          title="Not now"
          className="-m-1 size-8 shrink-0 rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      )}
    </section>
  );
}

function readFlag(key: string): boolean {
  try {
    return key !== "" && localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    localStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): hidden for this visit only.
  }
}
