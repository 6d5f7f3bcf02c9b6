import type { ClientErrorReport } from "../../domain/client-error";

/** Sends an unhandled error to POST /api/log-error. Best effort: a failing report must never throw. */
export async function reportError(error: unknown, path: string): Promise<void> {
  const report: ClientErrorReport = {
    message: (error instanceof Error ? error.message : String(error)).slice(0, 2_000) || "Unknown error",
    stack: error instanceof Error && error.stack ? error.stack.slice(0, 16_000) : undefined,
    path: path.slice(0, 2_000),
  };
  try {
    await fetch("/api/log-error", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
    });
  } catch {
    // Offline or the server is down: nothing more to do; the user already sees the error page.
  }
}
