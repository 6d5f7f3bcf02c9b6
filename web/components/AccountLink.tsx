import { LogIn, LogOut } from "lucide-react";
import { Link } from "react-router";
import { useMe } from "../hooks/use-me";
import { Avatar } from "./Avatar";

const linkClass =
  "flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-ink-muted hover:text-ink";

/**
 * Sign in when signed out; the user's picture (to their profile) and sign-out when signed in.
 * `signOutInMenu`: below lg the app's More menu has Sign out, so the header keeps its room.
 */
export function AccountLink({ signOutInMenu = false }: { signOutInMenu?: boolean }) {
  const me = useMe();
  if (me === undefined) return <span className="w-16" aria-hidden="true" />;
  if (me === null) {
    return (
      <Link to="/login" className={linkClass}>
        <LogIn aria-hidden="true" className="size-4" />
        <span className="sr-only whitespace-nowrap sm:not-sr-only">Sign in</span>
      </Link>
    );
  }
  return (
    <div className="flex shrink-0 items-center">
      <Link to="/profile" className={linkClass} title={`Your profile (${me.name})`}>
        <Avatar name={me.name} url={me.avatarUrl} size="sm" />
        <span className="sr-only max-w-32 truncate 2xl:not-sr-only">{me.name}</span>
        <span className="sr-only"> (your profile)</span>
      </Link>
      <Link to="/logout" className={`${linkClass} ${signOutInMenu ? "max-lg:hidden" : ""}`} title="Sign out">
        <LogOut aria-hidden="true" className="size-4" />
        <span className="sr-only">Sign out</span>
      </Link>
    </div>
  );
}
