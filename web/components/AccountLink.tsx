import { LogIn, LogOut } from "lucide-react";
import { Link } from "react-router";
import { useMe } from "../hooks/use-me";

/** Sign in when signed out; the user's name and a sign-out link when signed in. */
export function AccountLink() {
  const me = useMe();
  if (me === undefined) return <span className="w-16" aria-hidden="true" />;
  if (me === null) {
    return (
      <Link
        to="/login"
        className="flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-ink-muted hover:text-ink"
      >
        <LogIn aria-hidden="true" className="size-4" />
        <span className="sr-only whitespace-nowrap sm:not-sr-only">Sign in</span>
      </Link>
    );
  }
  return (
    <Link
      to="/logout"
      className="flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-ink-muted hover:text-ink"
      title={`Signed in as ${me.name}`}
    >
      <LogOut aria-hidden="true" className="size-4" />
      <span className="sr-only sm:not-sr-only">Sign out</span>
      <span className="sr-only">{` (signed in as ${me.name})`}</span>
    </Link>
  );
}
