import { Link } from "react-router";
import { CRAWLER_RULES, robotsTxt } from "../../../domain/crawlers";
import { instanceConfig } from "../../api/instance-config";

/** /crawler-access: what /robots.txt says, in words, from the same rules the server sends. */
export default function CrawlerAccessPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Crawler access</h1>
      <p className="mt-3 text-lg text-ink-muted">
        Search engines may read the public pages of {instanceConfig.name}: the start page, the guides, the blog and the
        legal pages. Everything that belongs to a person stays closed to them.
      </p>

      <section aria-labelledby="open-heading" className="mt-10">
        <h2 id="open-heading" className="text-xl font-semibold">
          Open to crawlers
        </h2>
        <p className="mt-2 text-ink-muted">
          Every public page, listed in the{" "}
          <a href="/sitemap.xml" className="text-brand underline underline-offset-2">
            sitemap
          </a>
          . Pages of the app itself (tasks, groups, settings) send anyone who is not signed in to the sign-in page, so a
          crawler never sees anyone&apos;s data.
        </p>
      </section>

      <section aria-labelledby="closed-heading" className="mt-8">
        <h2 id="closed-heading" className="text-xl font-semibold">
          Closed to crawlers
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-ink-muted">
          {CRAWLER_RULES.disallow.map((rule) => (
            <li key={rule.path}>
              <code className="rounded bg-surface-muted px-1.5 py-0.5 text-ink">{rule.path}</code>: {rule.why}.
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="file-heading" className="mt-8">
        <h2 id="file-heading" className="text-xl font-semibold">
          The robots.txt file
        </h2>
        <p className="mt-2 text-ink-muted">
          Served at{" "}
          <a href="/robots.txt" className="text-brand underline underline-offset-2">
            /robots.txt
          </a>
          , word for word:
        </p>
        <pre className="mt-3 overflow-x-auto rounded-lg border border-line bg-surface-muted p-4 text-sm">
          {robotsTxt(instanceConfig.publicUrl)}
        </pre>
        <p className="mt-4 text-sm text-ink-muted">
          Advertising sellers are listed separately, in{" "}
          <Link to="/ads-txt" className="text-brand underline underline-offset-2">
            ads.txt
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
