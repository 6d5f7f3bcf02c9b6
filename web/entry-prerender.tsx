import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "./routes/router";
import { ThemeProvider } from "./stores/theme";

/**
 * Renders one public page as a visitor first sees it, for scripts/prerender.ts: the content of
 * #root, or null when the address does not render a page (a redirect).
 */
export async function renderPage(url: string): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
