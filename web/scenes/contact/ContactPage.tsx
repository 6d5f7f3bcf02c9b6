import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { CONTACT_LIMITS, contactMessageSchema, type ContactMessageInput } from "../../../domain/contact";
import { apiFetch, errorMessage } from "../../api/http";
import { instanceConfig } from "../../api/instance-config";
import { Alert } from "../../components/Alert";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { useMe } from "../../hooks/use-me";

type Field = "name" | "email" | "subject" | "message";

/** /contact (the spec's /contact-us leads here): a message to the operator (spec "contact"), answered by email. */
export default function ContactPage() {
  const me = useMe();
  const [values, setValues] = useState<Record<Field | "website", string>>({
    name: me?.name ?? "",
    email: me?.email ?? "",
    subject: "",
    message: "",
    website: "",
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId(), website: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values satisfies ContactMessageInput);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    setFailure(null);
    setSending(true);
    try {
      await apiFetch("/api/contact", { method: "POST", body: parsed.data });
      setSent({ name: parsed.data.name, email: parsed.data.email });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const field = (name: Field) => ({
    id: ids[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `${ids[name]}-problem` : undefined,
  });
  const problem = (name: Field) =>
    problems[name] && (
      <p id={`${ids[name]}-problem`} className="mt-1 text-sm text-danger">
        {problems[name]}
      </p>
    );

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact</h1>
      <p className="mt-3 text-lg text-ink-muted">
        {instanceConfig.operatorName && (
          <span data-operator="name">
            {instanceConfig.name} is run by {instanceConfig.operatorName}.{" "}
          </span>
        )}
        Write to the people who run {instanceConfig.name} about a problem, a question or your data; they answer by
        email.
      </p>

      {sent ? (
        <div role="status" className="mt-10 rounded-xl border border-line bg-surface p-6">
          <CheckCircle2 aria-hidden="true" className="size-7 text-brand" />
          <h2 className="mt-3 text-xl font-semibold">Thank you, your message was sent</h2>
          <p className="mt-2 text-ink-muted">
            {instanceConfig.operatorName ?? "They"} will answer at <strong className="text-ink">{sent.email}</strong>.
            Until then, the{" "}
            <Link to="/guides" className="text-brand underline underline-offset-2">
              guides
            </Link>{" "}
            may help.
          </p>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Contact form" className="mt-10 space-y-5">
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.name} className={labelClass}>
                Your name
              </label>
              <input {...field("name")} autoComplete="name" maxLength={CONTACT_LIMITS.name} className={inputClass} />
              {problem("name")}
            </div>
            <div>
              <label htmlFor={ids.email} className={labelClass}>
                Your email address
              </label>
              <input
                {...field("email")}
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
                className={inputClass}
              />
              {problem("email")}
            </div>
          </div>
          <div>
            <label htmlFor={ids.subject} className={labelClass}>
              Subject <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <input {...field("subject")} maxLength={CONTACT_LIMITS.subject} className={inputClass} />
            {problem("subject")}
          </div>
          <div>
            <label htmlFor={ids.message} className={labelClass}>
              Message
            </label>
            <textarea {...field("message")} rows={7} maxLength={CONTACT_LIMITS.message} className={inputClass} />
            {problem("message")}
          </div>
          {/* Hidden from people (and from screen readers); bots fill it in and their message is dropped. */}
          <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
            <label htmlFor={ids.website}>Website</label>
            <input
              id={ids.website}
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(event) => setValues({ ...values, website: event.target.value })}
            />
          </div>
          <p className="text-sm text-ink-muted">
            Your name, address and message are kept on this instance for its administrators and emailed to them; see the{" "}
            <Link to="/privacy-policy" className="text-brand underline underline-offset-2">
              privacy policy
            </Link>
            .
          </p>
          <button type="submit" disabled={sending} className={buttonClass.primary}>
            {sending ? "Sending…" : "Send message"}
          </button>
        </form>
      )}
    </div>
  );
}
