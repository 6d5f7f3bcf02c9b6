import { ChevronLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The top of a settings sub-page: the way back to /settings, the h1 and what the page is for. */
export function SettingsHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Link
        to="/settings"
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Settings
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      {children && <p className="mt-1 text-ink-muted">{children}</p>}
    </div>
  );
}
