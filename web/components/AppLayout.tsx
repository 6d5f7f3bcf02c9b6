import { useEffect } from "react";
import { Outlet } from "react-router";
import { AppSidebar } from "./AppSidebar";
import { PhoneBar } from "./PhoneBar";
import { useNavigationModel } from "./nav-parts";
import { useWideLayout } from "../hooks/use-wide-layout";
import { Logo } from "./Logo";
import { SkipLink } from "./SkipLink";
import { AccountLink } from "./AccountLink";
import { PageGuard } from "./PageGuard";
import { useAccountSetup } from "../hooks/use-account-setup";
import { useMe, whenMeKnown } from "../hooks/use-me";
import { ThemeSwitch } from "./ThemeSwitch";
import { GroupSwitcher } from "./GroupSwitcher";
import { useLiveUpdates } from "../realtime/use-live-updates";
import { useThemeSync } from "../hooks/use-theme-sync";
import { NotificationBell } from "./NotificationBell";
import { OfflineIndicator } from "./OfflineIndicator";
import { useOfflineData } from "../offline/use-offline";
import { usePushSetup } from "../offline/use-push-setup";
import { queryClient } from "../api/query-client";
import { seedInitialData } from "../api/initial-data";
import { restoreDeviceData } from "../offline/device-data";
import { withTimeout } from "../offline/timed";
import { ModuleHeaderActions, ModuleOverlays } from "../modules/slots";

// This module loads before any app page renders: the data the server sent with the page goes
// into the cache now, so the page's first render has it instead of asking for it.
const seeded = seedInitialData(queryClient);

/** How long a start waits for IndexedDB before rendering without it (a read takes milliseconds). */
const RESTORE_WAIT_MS = 3_000;

/**
 * Resolves when the app's pages may render. A page without the server's data (the service
 * worker's copy, served without network or while the server cannot serve pages) or opened
 * without network starts from what this device holds: the copy in IndexedDB with the queued
 * changes on top, restored before any list renders, so nothing shows "could not be loaded" for
 * data the device has. A page that came with its data renders at once and restores after its
 * first render (useOfflineData), keeping IndexedDB's code off that path.
 */
export const deviceDataReady: Promise<void> = seeded && navigator.onLine ? Promise.resolve() : restoreForStart();

async function restoreForStart(): Promise<void> {
  try {
    const me = await whenMeKnown();
    if (me) await withTimeout(restoreDeviceData(queryClient, me.id), RESTORE_WAIT_MS, "IndexedDB is slow");
  } catch {
    // Not readable in time: the pages render with what the network brings; the restore still lands.
  }
}

/**
 * Layout of the signed-in app: a one-line header (logo, status and account controls), the
 * navigation built from the module registry (a sidebar from lg, a bar at the bottom below), and
 * the page.
 */
export function AppLayout() {
  const me = useMe();
  useAccountSetup();
  useLiveUpdates();
  useThemeSync();
  useOfflineData(me?.id);
  usePushSetup(me?.id);
  // The offline app is part of what a signed-in user uses: no consent needed (web/stores/consent.ts).
  // Its code loads after the first render: the worker registers once the page has loaded anyway.
  useEffect(() => {
    void import("../offline/service-worker").then((worker) => worker.registerServiceWorker());
  }, []);
  const navigation = useNavigationModel();
  const wide = useWideLayout();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur">
        {/*
          Only the group switcher gives way when room is short (it truncates), so the offline pill
          never lies over another control. From lg the sidebar lists the groups instead.
        */}
        <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
          <Logo className="px-1.5" nameClassName="sr-only sm:not-sr-only" />
          <div className="flex min-w-0 flex-1">{me && !wide && <GroupSwitcher />}</div>
          <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
            <OfflineIndicator />
            {me && <ModuleHeaderActions />}
            <NotificationBell />
            <AccountLink signOutInMenu />
            {/* Elsewhere the theme is one tap away in Settings (ThemeCards). */}
            <div className="hidden lg:block">
              <ThemeSwitch />
            </div>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        {wide && (
          <aside className="sticky top-14 h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r border-line bg-surface/60">
            <AppSidebar model={navigation} />
          </aside>
        )}
        {/* Below lg the phone bar covers the window's bottom: the page ends above it. */}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 pt-4 pb-[calc(6rem+env(safe-area-inset-bottom))] focus:outline-none sm:pt-8 lg:px-8 lg:pb-8"
        >
          <PageGuard>
            <Outlet />
          </PageGuard>
        </main>
      </div>
      {!wide && <PhoneBar model={navigation} />}
      {me && <ModuleOverlays />}
    </div>
  );
}
