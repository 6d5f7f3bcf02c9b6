import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { findPage } from "../../domain/pages";
import { useMe } from "../hooks/use-me";
import { moduleOfPage, useEnabledModules } from "../hooks/use-modules";

/**
 * The browser side of the page guard (the server redirects full page loads the same way): a
 * visitor on a signed-in-only page goes to /login with the page in `next`, and a
 * signed-in user who is not an instance admin is told so on an admin page, and one who switched a
 * page's module off is told where to switch it on.
 */
export function PageGuard({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const enabled = useEnabledModules();
  const module = moduleOfPage(location.pathname);
  const access = findPage(location.pathname)?.access ?? "public";
  if (access === "public") return children;
  if (me === undefined) return <p role="status">Loading…</p>;
  if (me === null) {
    // Leaving a signed-in page while forgetting the user (deleting the account, signing this
    // browser out): the browser is at the new address already, but React may render the page
    // being left once more before the navigation commits. That page is going: no sign-in detour.
    if (window.location.pathname !== location.pathname) return null;
    const next = location.pathname + location.search;
    return <Navigate to={`/login?${new URLSearchParams({ next }).toString()}`} replace />;
  }
  if (access === "admin" && !me.isAdmin) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Only for administrators</h1>
        <p className="mt-3 text-ink-muted">
          This page is for the administrators of this instance. If you think you should be one, ask the person who runs
          it to add your email address to ADMIN_EMAILS.
        </p>
        <Link to="/" className="mt-6 inline-block text-brand underline-offset-2 hover:underline">
          Back to your tasks
        </Link>
      </div>
    );
  }
  if (module && !enabled.has(module.id)) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{module.name} is switched off</h1>
        <p className="mt-3 text-ink-muted">
          This page belongs to the {module.name} module, which is off for you. Switch it on again in Modules to use it.
        </p>
        <Link to="/modules" className="mt-6 inline-block text-brand underline-offset-2 hover:underline">
          Go to Modules
        </Link>
      </div>
    );
  }
  return children;
}
