import { CloudOff, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { useOnline, useQueuedOperations } from "../offline/use-offline";

/**
 * In the header: "Offline" while the server cannot be reached, and the number of changes waiting
 * (or refused) on this device; both lead to /offline. Nothing at all when online and up to date.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const operations = useQueuedOperations() ?? [];
  const refused = operations.filter((operation) => operation.rejected).length;
  const waiting = operations.length - refused;
  if (online && operations.length === 0) return null;
  const parts = [
    online ? null : "Offline",
    waiting > 0 ? `${waiting} to sync` : null,
    refused > 0 ? `${refused} refused` : null,
  ].filter((part) => part !== null);
  const label = parts.join(" · ");
  return (
    <span role="status" className="shrink-0">
      <Link
        to="/offline"
        aria-label={`${label}: review offline changes`}
        title="Offline changes"
        // The pill is drawn inside a link as tall as a finger (44 px), so it is easy to hit on phones.
        className="flex min-h-11 min-w-11 shrink-0 items-center justify-center"
      >
        <span
          className={`flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold ${
            refused > 0
              ? "border-danger/40 bg-danger-soft text-danger"
              : "border-warning/40 bg-warning-soft text-warning"
          }`}
        >
          {online ? (
            <RefreshCw aria-hidden="true" className="size-3.5" />
          ) : (
            <CloudOff aria-hidden="true" className="size-3.5" />
          )}
          {/* Below md only the count shows (the link's name says it all): the header's top line has little room there. */}
          <span className="sr-only md:not-sr-only">{label}</span>
          {operations.length > 0 && (
            <span aria-hidden="true" className="md:hidden">
              {operations.length}
            </span>
          )}
        </span>
      </Link>
    </span>
  );
}
