import { Link, useLocation } from "react-router";
import { NOT_FOUND_TITLE } from "../../../domain/pages";
import { useMe } from "../../hooks/use-me";

/** Shown for any address that is not a page, in the layout of whoever looks (HomeLayout). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const me = useMe();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-ink-muted">
        There is no page at <code className="rounded bg-surface-muted px-1.5 py-0.5 text-ink">{pathname}</code>. It may
        have moved, or the link may be mistyped.
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover"
      >
        {me ? "Back to your tasks" : "Go to the start page"}
      </Link>
    </div>
  );
}
