import "./styles.css";
import { config as configureZod } from "zod";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "./components/Toaster";
import { queryClient } from "./api/query-client";
import { router } from "./routes/router";
import { ThemeProvider } from "./stores/theme";
import { registerServiceWorker } from "./offline/service-worker";
import { captureInstallPrompt } from "./offline/install-prompt";

// Zod's fast path compiles validators with `new Function`, which our CSP (script-src 'self') forbids.
configureZod({ jitless: true });

createRoot(document.getElementById("root")!).render(
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
registerServiceWorker();
