import { useInfiniteQuery } from "@tanstack/react-query";
import { Mail, RefreshCw } from "lucide-react";
import type { OutboxMessage } from "../../../domain/account-email";
import { formatDateTime } from "../../../domain/time-format";
import { getOutbox } from "../../api/account-email";
import { instanceConfig } from "../../api/instance-config";
import { Alert } from "../../components/Alert";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { appTimeLocale } from "../../stores/time-locale";
import { linkParts } from "./outbox-links";

export const outboxQuery = {
  queryKey: ["admin", "outbox"],
  queryFn: ({ pageParam }: { pageParam: string | null }) => getOutbox(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: Awaited<ReturnType<typeof getOutbox>>) => last.nextCursor,
};

/** The local outbox: emails kept here when no SMTP server is configured, newest first. */
export function OutboxSection() {
  const outbox = useInfiniteQuery(outboxQuery);
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];
  const delivery = outbox.data?.pages[0]?.delivery;

  return (
    <Section
      title="Outbox"
      description={
        delivery === "smtp"
          ? "This instance sends email through its SMTP server; the outbox only holds messages from before that."
          : "Without an SMTP server (SMTP_URL), emails such as confirmation and password reset links stay here. Pass a link on to its recipient yourself."
      }
    >
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
          className={buttonClass.secondary}
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${outbox.isFetching ? "animate-spin" : ""}`} />
          Refresh
        </button>
      </div>
      {outbox.isError && (
        <div className="mt-4">
          <Alert tone="error">{outbox.error.message}</Alert>
        </div>
      )}
      {outbox.isPending && <p className="mt-4 text-sm text-ink-muted">Loading…</p>}
      {outbox.isSuccess && messages.length === 0 && <p className="mt-4 text-sm text-ink-muted">No emails yet.</p>}
      <ol className="mt-4 space-y-4" aria-label="Emails, newest first">
        {messages.map((message) => (
          <OutboxItem key={message.id} message={message} />
        ))}
      </ol>
      {outbox.hasNextPage && (
        <button
          type="button"
          onClick={() => void outbox.fetchNextPage()}
          disabled={outbox.isFetchingNextPage}
          className={`${buttonClass.secondary} mt-4 w-full`}
        >
          {outbox.isFetchingNextPage ? "Loading…" : "Show older emails"}
        </button>
      )}
    </Section>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <li>
      <article aria-label={message.subject} className="rounded-lg border border-line bg-canvas p-4">
        <header className="flex items-start gap-2.5">
          <Mail aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand" />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold break-words">{message.subject}</h3>
            <p className="mt-0.5 text-sm break-words text-ink-muted">
              To <span className="text-ink">{message.to}</span> ·{" "}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, appTimeLocale())}</time>
            </p>
          </div>
        </header>
        {/* The plain-text body: what was written, never the HTML rendered; this instance's links as links. */}
        <pre className="mt-3 overflow-x-auto rounded-md bg-surface-muted p-3 font-sans text-sm whitespace-pre-wrap break-words">
          {linkParts(message.text, instanceOrigins()).map((part, index) =>
            typeof part === "string" ? (
              part
            ) : (
              <a
                key={index}
                href={part.href}
                target="_blank"
                rel="noreferrer"
                className="break-all text-brand underline underline-offset-2"
              >
                {part.text}
              </a>
            ),
          )}
        </pre>
      </article>
    </li>
  );
}

/** Where this instance's links point: its public URL (what emails use), and where this page runs. */
function instanceOrigins(): string[] {
  const origins = [window.location.origin];
  try {
    origins.push(new URL(instanceConfig.publicUrl).origin);
  } catch {
    // A public URL that is no URL links nothing more.
  }
  return origins;
}
