import { instanceConfig } from "../../api/instance-config";
import { OutboxSection } from "./OutboxSection";

/**
 * /admin: tools for the instance admins, one section each (the outbox for now). PageGuard shows
 * only admins this page, and the server guards the page and every API it calls.
 */
export default function AdminPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Administration</h1>
        <p className="mt-1 text-sm text-ink-muted">Running {instanceConfig.name}: what only its admins see.</p>
      </div>
      <OutboxSection />
    </div>
  );
}
