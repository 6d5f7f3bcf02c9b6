import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { DeferredToaster } from "./components/DeferredToaster";
import { queryClient } from "./api/query-client";
import { HOME_LAYOUT_ROUTE, routes } from "./routes/router";
import { preloadAppLayout } from "./components/HomeLayout";
import { signedInAtStart } from "./hooks/use-me";
import { ThemeProvider } from "./stores/theme";
import { captureInstallPrompt } from "./offline/install-prompt";
import { readConsent } from "./stores/consent";

const router = createBrowserRouter(routes);
const root = document.getElementById("root")!;

// A signed-in user's app page renders with its layout from the first render (HomeLayout.tsx says
// why): its code loads alongside the page's.
const layoutReady =
  signedInAtStart() && router.state.matches.some((match) => match.route.id === HOME_LAYOUT_ROUTE)
    ? preloadAppLayout()
    : undefined;

/**
 * React renders once the router has the page's code and data (its routes load lazily), so the
 * first render is the page itself. Until then the HTML the server sent stays: a public page's
 * prerendered text, a signed-in user's app frame, or nothing, so nothing blinks or moves. Rendered
 * earlier, the router would have nothing to show but a HydrateFallback, which an app rendered in
 * the browser has no use for (React Router warns of the missing element on every such page).
 */
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

await layoutReady;

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>
);

// Whatever the reader focused on the prerendered page (a link, the skip link) keeps the focus
// when React puts the same page in its place.
const focusPath = pathTo(document.activeElement);
flushSync(() => createRoot(root).render(app));
restoreFocus(focusPath);

/** Elements of the page, without the resource hints react-dom/server writes and React hoists. */
function contentChildren(element: Element): Element[] {
  return [...element.children].filter((child) => !["LINK", "META", "SCRIPT", "STYLE", "TITLE"].includes(child.tagName));
}

/** Child indices from #root down to `element`, or null when the focus is not inside #root. */
function pathTo(element: Element | null): number[] | null {
  if (!element || element === root || !root.contains(element)) return null;
  const path: number[] = [];
  for (let node: Element = element; node !== root; node = node.parentElement!) {
    path.unshift(contentChildren(node.parentElement!).indexOf(node));
  }
  return path;
}

function restoreFocus(path: number[] | null): void {
  if (!path) return;
  let node: Element | undefined = root;
  for (const index of path) node = node && contentChildren(node)[index];
  if (node instanceof HTMLElement) node.focus({ preventScroll: true });
}

captureInstallPrompt();
// A signed-in user's app layout registers the worker itself; a visitor's needs their consent.
// Its code loads after the first render: the worker registers once the page has loaded anyway.
if (readConsent()?.offlineApp) void import("./offline/service-worker").then((worker) => worker.registerServiceWorker());
