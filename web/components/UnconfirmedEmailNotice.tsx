import { MailWarning } from "lucide-react";
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
 */
export function UnconfirmedEmailNotice({ withoutEmail = false }: { withoutEmail?: boolean }) {
  const me = useMe();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  if (!me || me.emailVerified || (!me.email && !withoutEmail)) return null;

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
      <div className="min-w-0 space-y-2">
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
    </section>
  );
}
