import "./styles.css";
import { config as configureZod } from "zod";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "./components/Toaster";
import { queryClient } from "./api/query-client";
import { routes } from "./routes/router";
import { ThemeProvider } from "./stores/theme";
import { registerServiceWorker } from "./offline/service-worker";
import { captureInstallPrompt } from "./offline/install-prompt";
import { readConsent } from "./stores/consent";

// Zod's fast path compiles validators with `new Function`, which our CSP (script-src 'self') forbids.
configureZod({ jitless: true });

const router = createBrowserRouter(routes);
const root = document.getElementById("root")!;

/**
 * A public page comes prerendered (its text is in the HTML). React takes over once the page's
 * code and data are in, so its first render is that same page and nothing blinks or moves.
 */
if (root.hasChildNodes() && !router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

captureInstallPrompt();
// A signed-in user's app layout registers the worker itself; a visitor's needs their consent.
if (readConsent()?.offlineApp) registerServiceWorker();
