import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ChevronRight, Image } from "lucide-react";
import { Link } from "react-router";
import { instanceConfig } from "../../api/instance-config";
import { useOnline } from "../../offline/use-offline";
import { ContactMessagesSection, contactMessagesQuery } from "./ContactMessagesSection";
import { OutboxSection, outboxQuery } from "./OutboxSection";

/**
 * /admin: tools for the instance admins, one section each. PageGuard shows
 * only admins this page, and the server guards the page and every API it calls.
 */
export default function AdminPage() {
  // The sections come together once their lists are in: one by one, the messages pushed the
  // outbox and the icons link down as they came (a layout shift of 0.075 on a phone).
  const online = useOnline();
  const messages = useQuery(contactMessagesQuery);
  const outbox = useInfiniteQuery(outboxQuery);
  const ready = !online || (!messages.isPending && !outbox.isPending);
  if (!ready)
    return (
      <div className="space-y-8">
        <AdminHeading />
        <p role="status" className="text-ink-muted">
          Loading…
        </p>
      </div>
    );
  return (
    <div className="space-y-8">
      <AdminHeading />
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

function AdminHeading() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Administration</h1>
      <p className="mt-1 text-sm text-ink-muted">Running {instanceConfig.name}: what only its admins see.</p>
    </div>
  );
}
