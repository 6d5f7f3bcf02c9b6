import { ChevronRight, Image } from "lucide-react";
import { Link } from "react-router";
import { instanceConfig } from "../../api/instance-config";
import { ContactMessagesSection } from "./ContactMessagesSection";
import { OutboxSection } from "./OutboxSection";

/**
 * /admin: tools for the instance admins, one section each. PageGuard shows
 * only admins this page, and the server guards the page and every API it calls.
 */
export default function AdminPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Administration</h1>
        <p className="mt-1 text-sm text-ink-muted">Running {instanceConfig.name}: what only its admins see.</p>
      </div>
      <ContactMessagesSection />
      <OutboxSection />
      <Link
        to="/generate-icons"
        className="flex items-center gap-3 rounded-xl border border-line bg-surface p-5 shadow-sm hover:bg-surface-muted"
      >
        <Image aria-hidden="true" className="size-5 shrink-0 text-brand" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">App icons</span>
          <span className="block text-sm text-ink-muted">
            The app icon at every size the manifest and the platforms use, with preview and download.
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      </Link>
    </div>
  );
}
