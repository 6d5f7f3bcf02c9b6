import { Link } from "react-router";
import { GUIDES } from "../../../domain/guides";
import { instanceConfig } from "../../api/instance-config";
import { type ContentDocument, ContentPage } from "./ContentPage";

/** How many other guides close a guide. */
const MORE_GUIDES = 3;

/** A guide: its text, then a way into the app and a few other guides to read next. */
export function GuidePage({ document }: { document: ContentDocument }) {
  const index = GUIDES.findIndex((guide) => guide.slug === document.slug);
  // The next ones in the list, wrapping around, so every guide links onward to different ones.
  const others = Array.from({ length: MORE_GUIDES }, (_, offset) => GUIDES[(index + 1 + offset) % GUIDES.length]!);
  return (
    <ContentPage
      document={document}
      kicker={
        <Link to="/guides" className="hover:underline">
          Guides
        </Link>
      }
      after={
        <>
          <aside className="mt-12 rounded-xl border border-line bg-surface-muted p-6">
            <h2 className="text-lg font-semibold">Put it into practice</h2>
            <p className="mt-1 text-ink-muted">
              {instanceConfig.name} keeps one list for you, your family or your team, in sync on every device and
              working offline.
            </p>
            <Link
              to="/"
              className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-ink hover:bg-brand-hover"
            >
              Open {instanceConfig.name}
            </Link>
          </aside>
          <nav aria-label="More guides" className="mt-10">
            <h2 className="text-lg font-semibold">More guides</h2>
            <ul className="mt-3 space-y-2">
              {others.map((guide) => (
                <li key={guide.slug}>
                  <Link to={`/${guide.slug}`} className="text-brand underline-offset-2 hover:underline">
                    {guide.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      }
    />
  );
}
