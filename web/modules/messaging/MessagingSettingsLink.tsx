import { Settings2 } from "lucide-react";
import { Link } from "react-router";

/** The Messages page's way to /messaging-settings. */
export function MessagingSettingsLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/messaging-settings"
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand underline-offset-2 hover:underline ${className}`}
    >
      <Settings2 aria-hidden="true" className="size-4" />
      Settings<span className="sr-only"> of messaging</span>
    </Link>
  );
}
