import type { ReactNode } from "react";
import { escapeHtml } from "../../../domain/html";
import { instanceConfig } from "../../api/instance-config";

export interface ContentDocument {
  title: string;
  date: string;
  /** HTML rendered at build time from our own markdown in content/ (trusted, not user input). */
  html: string;
}

/** The operator's name and contact are configuration, filled in here and escaped. */
function fillPlaceholders(html: string): string {
  return html
    .replaceAll("{{operatorName}}", escapeHtml(instanceConfig.operatorName))
    .replaceAll("{{operatorContact}}", escapeHtml(instanceConfig.operatorContact));
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

/** A page of our own content; `lead` goes between the heading and the text (an action, say). */
export function ContentPage({ document, lead }: { document: ContentDocument; lead?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8 border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-ink-muted">
          Last updated <time dateTime={document.date}>{dateFormat.format(new Date(document.date))}</time>
        </p>
        {lead && <div className="mt-5">{lead}</div>}
      </header>
      <article
        className="prose prose-slate max-w-none dark:prose-invert prose-a:text-brand prose-headings:tracking-tight"
        dangerouslySetInnerHTML={{ __html: fillPlaceholders(document.html) }}
      />
    </div>
  );
}
