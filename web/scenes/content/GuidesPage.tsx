import { Link } from "react-router";
import { GUIDE_DESCRIPTIONS } from "../../../domain/guide-descriptions";
import { GUIDES } from "../../../domain/guides";

/** /guides: every guide with what it covers. */
export default function GuidesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Guides</h1>
        <p className="mt-3 text-lg text-ink-muted">
          Practical guides on running a household or a small team: routines, delegation, planning your week, tracking
          time and shopping well. Each one works with pen and paper too.
        </p>
      </header>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GUIDES.map((guide) => (
          <li key={guide.slug} className="flex">
            <Link
              to={`/${guide.slug}`}
              className="flex flex-1 flex-col rounded-xl border border-line bg-surface p-5 hover:border-brand hover:shadow-sm"
            >
              <span className="font-semibold text-ink">{guide.title}</span>
              <span className="mt-2 text-sm text-ink-muted">{GUIDE_DESCRIPTIONS[guide.slug]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
