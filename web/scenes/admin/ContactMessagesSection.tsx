import { useQuery } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import type { ContactMessageView } from "../../../domain/contact";
import { formatDateTime } from "../../../domain/time-format";
import { apiFetch } from "../../api/http";
import { Alert } from "../../components/Alert";
import { Section } from "../../components/Section";
import { appTimeLocale } from "../../stores/time-locale";

export const contactMessagesQuery = {
  queryKey: ["admin", "contact-messages"],
  queryFn: () => apiFetch<ContactMessageView[]>("/api/admin/contact-messages"),
};

/** Messages sent with the contact form, newest first; answer them by email. */
export function ContactMessagesSection() {
  const messages = useQuery(contactMessagesQuery);
  return (
    <Section
      title="Contact messages"
      description="What visitors and users sent with the contact form (/contact), newest first. Each is also emailed to CONTACT_EMAIL, or to the admins of ADMIN_EMAILS."
    >
      {messages.isError && <Alert tone="error">{messages.error.message}</Alert>}
      {messages.isPending && <p role="status">Loading messages…</p>}
      {messages.data?.length === 0 && <p className="text-sm text-ink-muted">No messages yet.</p>}
      {messages.data && messages.data.length > 0 && (
        <ol aria-label="Contact messages" className="divide-y divide-line">
          {messages.data.map((message) => (
            <li key={message.id} className="py-4">
              <article aria-label={`Message from ${message.name}`}>
                <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
                  <MessageSquare aria-hidden="true" className="size-4" />
                  <span className="font-semibold text-ink">{message.name}</span>
                  <a href={`mailto:${message.email}`} className="text-brand underline underline-offset-2">
                    {message.email}
                  </a>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, appTimeLocale())}</time>
                </p>
                {message.subject && <p className="mt-1 font-medium">{message.subject}</p>}
                <p className="mt-1 text-sm whitespace-pre-wrap">{message.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
