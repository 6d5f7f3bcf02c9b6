import { Navigate, type RouteObject, useLocation } from "react-router";
import { aliasOf, allRedirectPaths, PAGES, type PageDefinition, redirectTarget } from "../../domain/pages";
import { HomeLayout } from "../components/HomeLayout";
import { PublicLayout } from "../components/PublicLayout";
import { RootLayout } from "../components/RootLayout";
import { ErrorPage } from "../scenes/errors/ErrorPage";
import NotFoundPage from "../scenes/errors/NotFoundPage";
import { PAGE_COMPONENTS, type PageModule } from "./page-components";

/** Both the hyphenated path and its hyphen-less alias show the page. */
function pageRoutes(page: PageDefinition): RouteObject[] {
  const load = PAGE_COMPONENTS[page.path as keyof typeof PAGE_COMPONENTS] as () => Promise<PageModule>;
  const paths = [...new Set([page.path, aliasOf(page.path)])];
  return paths.map((path) => ({
    path,
    // Errors inside a page keep the layout around them, so the user can still navigate away.
    errorElement: <ErrorPage />,
    lazy: async () => {
      try {
        const module = await load();
        return { Component: module.default, ...(module.loader && { loader: module.loader }) };
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

/**
 * An address that shows another page (PAGE_REDIRECTS) replaces itself with that page's, keeping
 * the query, as the server's 301 does on a full page load.
 */
function RedirectToCanonical() {
  const { pathname, search } = useLocation();
  return <Navigate to={redirectTarget(pathname, search) ?? "/"} replace />;
}

/** "/" lives with the app pages: HomeLayout shows it in the app or the public layout by who is looking. */
const HOME: PageDefinition = PAGES.find((page) => page.path === "/")!;

const byLayout = (layout: PageDefinition["layout"]) =>
  PAGES.filter((page) => page.layout === layout && page !== HOME).flatMap((page) => pageRoutes(page));

/** The route of HomeLayout: web/main.tsx loads the app's layout before rendering a signed-in user's page under it. */
export const HOME_LAYOUT_ROUTE = "home-layout";

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
            // A blog post's canonical address; /blog-post?slug= (in the page table) shows the same.
            path: "/blog/:slug",
            errorElement: <ErrorPage />,
            lazy: async () => {
              const module = await import("../scenes/blog/BlogPostPage");
              return { Component: module.default, loader: module.loader };
            },
          },
          {
            path: "/oidc/interaction/:uid",
            errorElement: <ErrorPage />,
            lazy: async () => ({ Component: (await import("../scenes/auth/IdpSignInPage")).default }),
          },
        ],
      },
      ...allRedirectPaths().map((path) => ({ path, element: <RedirectToCanonical /> })),
      // One layout element for the app pages, "/" and the not-found page, so moving between them
      // keeps the header and live channel; it shows the app's chrome or the public one by who is looking.
      {
        id: HOME_LAYOUT_ROUTE,
        element: <HomeLayout />,
        children: [...byLayout("app"), ...pageRoutes(HOME), { path: "*", element: <NotFoundPage /> }],
      },
    ],
  },
];
