import { Copy, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { MESSAGES } from "../../../domain/errors";
import { reportError } from "../../api/report-error";
import { notify } from "../../stores/notifier";
import NotFoundPage from "./NotFoundPage";

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Shown when a page fails to load or render. Development shows the message to fix;
 * production shows the fallback text, reports the error and offers a reload.
 */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const path = location.pathname + location.search;

  useEffect(() => {
    if (!isRouteErrorResponse(error)) void reportError(error, path);
  }, [error, path]);

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
      {import.meta.env.DEV ? (
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
          onClick={() => window.location.reload()}
          className="inline-flex items-center gap-2 rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:bg-brand-hover"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Reload page
        </button>
        <button
          type="button"
          onClick={() => void copyDetails()}
          className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-5 py-2.5 font-semibold hover:bg-surface-muted"
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy details for support
        </button>
      </div>
    </div>
  );
}
