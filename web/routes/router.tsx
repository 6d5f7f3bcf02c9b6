import { createBrowserRouter, type RouteObject } from "react-router";
import { aliasOf, PAGES, type PageDefinition } from "../../domain/pages";
import { AppLayout } from "../components/AppLayout";
import { PublicLayout } from "../components/PublicLayout";
import { RootLayout } from "../components/RootLayout";
import { ErrorPage } from "../scenes/errors/ErrorPage";
import NotFoundPage from "../scenes/errors/NotFoundPage";
import { PAGE_COMPONENTS } from "./page-components";

/** Both the hyphenated path and its hyphen-less alias show the page (spec §2). */
function pageRoutes(page: PageDefinition): RouteObject[] {
  const load = PAGE_COMPONENTS[page.path as keyof typeof PAGE_COMPONENTS];
  const paths = [...new Set([page.path, aliasOf(page.path)])];
  return paths.map((path) => ({
    path,
    // Errors inside a page keep the layout around them, so the user can still navigate away.
    errorElement: <ErrorPage />,
    lazy: async () => {
      try {
        return { Component: (await load()).default };
      } catch (error) {
        // A chunk that fails to load (offline, or a deploy replaced it) renders this route's
        // error element inside the layout instead of replacing the whole app.
        return {
          Component: () => {
            throw error;
          },
        };
      }
    },
  }));
}

const byLayout = (layout: PageDefinition["layout"]) =>
  PAGES.filter((page) => page.layout === layout).flatMap((page) => pageRoutes(page));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...byLayout("public"),
          {
            path: "/oidc/interaction/:uid",
            errorElement: <ErrorPage />,
            lazy: async () => ({ Component: (await import("../scenes/auth/IdpSignInPage")).default }),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { element: <AppLayout />, children: byLayout("app") },
    ],
  },
];

export const router = createBrowserRouter(routes);
