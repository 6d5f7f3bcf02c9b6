import type { ReactNode } from "react";
import { escapeHtml } from "../../../domain/html";
import { withOperatorText } from "../../../domain/instance-config";
import { instanceConfig } from "../../api/instance-config";

export interface ContentDocument {
  slug?: string;
  title: string;
  description?: string;
  date: string;
  /** HTML rendered at build time from our own markdown in content/ (trusted, not user input). */
  html: string;
}

/**
 * The operator's name and contact are configuration, filled in here and escaped; the sentences
 * that name them are left out where they are not configured.
 */
function fillPlaceholders(html: string): string {
  return withOperatorText(html, instanceConfig)
    .replaceAll("{{operatorName}}", escapeHtml(instanceConfig.operatorName ?? ""))
    .replaceAll("{{operatorContact}}", escapeHtml(instanceConfig.operatorContact ?? ""));
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

/** A content date (YYYY-MM-DD) as "12 March 2026", the same wherever the reader is. */
export function formatContentDate(date: string): string {
  return dateFormat.format(new Date(date));
}

/**
 * A page of our own content; `lead` goes between the heading and the text (an action, say),
 * `after` below the text, `kicker` above the heading, `dateLabel` before the date.
 */
export function ContentPage({
  document,
  lead,
  after,
  kicker,
  dateLabel = "Last updated",
}: {
  document: ContentDocument;
  lead?: ReactNode;
  after?: ReactNode;
  kicker?: ReactNode;
  dateLabel?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8 border-b border-line pb-6">
        {kicker && <div className="mb-3 text-sm font-semibold text-brand">{kicker}</div>}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-ink-muted">
          {dateLabel} <time dateTime={document.date}>{formatContentDate(document.date)}</time>
        </p>
        {lead && <div className="mt-5">{lead}</div>}
      </header>
      <article
        className="prose prose-slate max-w-none dark:prose-invert prose-a:text-brand prose-headings:tracking-tight"
        dangerouslySetInnerHTML={{ __html: fillPlaceholders(document.html) }}
      />
      {after}
    </div>
  );
}
