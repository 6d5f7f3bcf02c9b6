import { CircleAlert, CloudOff } from "lucide-react";
import { useOnline } from "../offline/use-offline";

/**
 * In place of data a page needs and the cache does not have. Offline: that this device does not
 * hold it yet, and that it comes with the network (the page's queries run by themselves then, so
 * there is nothing to reload). Online, after a failure: that it could not be loaded, with a retry.
 * Nothing while it is simply loading. `what` is plural ("your tasks"); `failure` is the page's own
 * message for a failed load ("Failed to load tasks.").
 */
export function DataUnavailable({
  what,
  failure,
  failed,
  onRetry,
}: {
  what: string;
  failure: string;
  failed: boolean;
  onRetry: () => void;
}) {
  const online = useOnline();
  if (!online) return <NotOnDevice what={what} />;
  if (!failed) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2.5 text-sm text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {failure}{" "}
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}

/**
 * Offline, in place of data this device does not hold (`what` is plural: "your notifications").
 * It comes by itself with the network: the page's queries wait for it.
 */
export function NotOnDevice({ what }: { what: string }) {
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm text-ink-muted"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {what.charAt(0).toUpperCase() + what.slice(1)} are not on this device yet. They appear here once you are back
        online.
      </p>
    </div>
  );
}
