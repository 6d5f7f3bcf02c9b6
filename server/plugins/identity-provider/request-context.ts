import type { IncomingMessage, ServerResponse } from "node:http";
// oidc-provider keeps each request's context in this one AsyncLocalStorage (no public export).
import providerContext from "oidc-provider/lib/helpers/als.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Hands requests to oidc-provider, and switches its AsyncLocalStorage off again whenever none of
 * its requests is in flight. On Node 20 a storage that has run once installs promise hooks for
 * the rest of the process, which made every promise of every other route slower (a task read lost
 * about a fifth of its throughput after the first sign-in). `disable()` removes them once no store
 * is active; the provider's next `run()` turns them back on for its own request.
 */
export function withProviderContextReleased(handle: Handler): Handler {
  let inFlight = 0;
  return async (request, response) => {
    inFlight += 1;
    try {
      await handle(request, response);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) providerContext.disable();
    }
  };
}
