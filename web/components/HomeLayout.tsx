import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, useLocation } from "react-router";
import { findPage } from "../../domain/pages";
import { useMe } from "../hooks/use-me";
import { Logo } from "./Logo";
import { PublicLayout } from "./PublicLayout";

/**
 * The app's header, live channel, offline queue and IndexedDB code load only for someone signed
 * in: a visitor reading the landing page never downloads them.
 */
async function loadAppLayout(): Promise<{ default: ComponentType }> {
  const module = await import("./AppLayout");
  // Without the server's data, the device's own first (AppLayout.tsx): the frame shows meanwhile.
  await module.deviceDataReady;
  loadedAppLayout = module.AppLayout;
  return { default: module.AppLayout };
}
let loadedAppLayout: ComponentType | undefined;
let chosenAppLayout: ComponentType | undefined;
const LazyAppLayout = lazy(loadAppLayout);

/**
 * Loads the app's layout before the first render (web/main.tsx) when the page is known to be a
 * signed-in user's, so the layout renders at once instead of behind a Suspense fallback: React
 * holds back content that replaces a fallback for 300 ms (its "fallback throttle"), which every
 * full load of an app page paid. Never rejects: on failure the lazy path shows the error.
 */
export async function preloadAppLayout(): Promise<void> {
  await loadAppLayout().catch(() => undefined);
}

/**
 * The layout of the app pages, of "/" and of the not-found page: one chrome per audience. A
 * signed-in user sees all of them in the app layout (so going between them keeps the header and
 * the live channel). A visitor sees "/" (the landing page) and the not-found page in the public
 * layout, and is sent to sign in from an app page without ever seeing the app's header. Until it
 * is known who is looking, "/" and the not-found page stay empty, so neither flashes up for the
 * other; an app page shows the app's frame (an offline start finds its user on the device).
 */
export function HomeLayout() {
  const me = useMe();
  const { pathname, search } = useLocation();
  const page = findPage(pathname);
  const forEveryone = !page || page.path === "/";
  if (me || (me === undefined && !forEveryone)) {
    // Chosen once per page load: switching component later would remount the layout (and its live channel).
    const AppLayout = (chosenAppLayout ??= loadedAppLayout ?? LazyAppLayout);
    return (
      <Suspense fallback={<AppShell />}>
        <AppLayout />
      </Suspense>
    );
  }
  if (me === undefined) return <div className="min-h-dvh" aria-busy="true" />;
  if (forEveryone) return <PublicLayout />;
  // Signing out on an app page: the browser is at the next address already, but React may
  // render the page being left once more before the navigation commits. No sign-in detour.
  if (window.location.pathname !== pathname) return null;
  return <Navigate to={`/login?${new URLSearchParams({ next: pathname + search }).toString()}`} replace />;
}

/**
 * What a signed-in user sees while the app's code arrives: the frame of the header and of the
 * navigation (the sidebar from lg, the phone bar below), in their own sizes and colours, with
 * the logo, so the first paint is the app and not a blank page, and nothing moves when it comes.
 */
function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col" aria-busy="true">
      <header className="border-b border-line bg-surface/90">
        {/* As tall as the header's line (AppLayout), the logo where it sits there. */}
        <div className="flex h-14 items-center px-2 sm:px-4">
          <Logo className="px-1.5" nameClassName="sr-only sm:not-sr-only" />
        </div>
      </header>
      <div className="flex flex-1">
        <div className="hidden w-64 shrink-0 border-r border-line bg-surface/60 lg:block" />
        <main className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 pt-4 sm:pt-8 lg:px-8">
          <p role="status" className="text-ink-muted">
            Loading…
          </p>
        </main>
      </div>
      <div className="fixed inset-x-0 bottom-0 box-content h-14 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] lg:hidden" />
    </div>
  );
}
