import { Copy, RotateCw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { MESSAGES } from "../../../domain/errors";
import { reportError } from "../../api/report-error";
import { isPageCodeMissing } from "./page-code-missing";
import { notify } from "../../stores/notifier";
import NotFoundPage from "./NotFoundPage";

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Shown when a page fails to load or render. Development shows the message to fix;
 * production shows the fallback text, reports the error and offers a reload.
 *
 * Offline, a page this device has never opened (its code is not in the service worker's copy, or
 * there is no service worker yet) cannot load: that is said as such, not as an error, and the
 * reload, which would show the browser's own offline page, waits until the network is back. The
 * browser's own network flag decides: this page is in the first load's code, and the app's
 * connectivity check (web/offline/connectivity.ts) is not.
 */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const path = location.pathname + location.search;

  // Offline when it happened: the device's own state, nothing for the server's error log.
  const notOnDevice = useMemo(() => isPageCodeMissing(error) && !navigator.onLine, [error]);
  // Offline at first when the page is not on the device: its reload waits for the network.
  const [online, setOnline] = useState(!notOnDevice);
  useEffect(() => {
    const back = () => setOnline(true);
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, []);

  useEffect(() => {
    if (!isRouteErrorResponse(error) && !notOnDevice) void reportError(error, path);
  }, [error, path, notOnDevice]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const message = messageOf(error);
  const copyDetails = async () => {
    const details = `${message}\nPage: ${path}\nTime: ${new Date().toISOString()}\nBrowser: ${navigator.userAgent}`;
    try {
      await navigator.clipboard.writeText(details);
      notify.success("Error details copied");
    } catch {
      notify.error("Could not copy the error details");
    }
  };

  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      {notOnDevice ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">This page is not on this device yet</h1>
          <p className="mt-3 text-ink-muted">It opens once you are back online.</p>
        </>
      ) : import.meta.env.DEV ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">{MESSAGES.devErrorHeading}</h1>
          <pre className="mt-4 overflow-x-auto rounded-lg bg-surface-muted p-4 text-left text-sm whitespace-pre-wrap text-danger">
            {message}
          </pre>
        </>
      ) : (
        <h1 className="text-2xl font-bold tracking-tight">{MESSAGES.somethingWentWrong}</h1>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          disabled={notOnDevice && !online}
          onClick={() => window.location.reload()}
          className="inline-flex items-center gap-2 rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover disabled:opacity-60"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {!notOnDevice ? "Reload page" : online ? "Open the page" : "Waiting for the network…"}
        </button>
        {!notOnDevice && (
          <button
            type="button"
            onClick={() => void copyDetails()}
            className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-5 py-2.5 font-semibold hover:bg-surface-muted"
          >
            <Copy aria-hidden="true" className="size-4" />
            Copy details for support
          </button>
        )}
      </div>
    </div>
  );
}
