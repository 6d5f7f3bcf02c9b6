import { useEffect } from "react";
import { LayoutDashboard, ListChecks, ListTodo, Mail, Settings, Shield, Users } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { type MenuItem, menuItems } from "../../domain/modules";
import { Logo } from "./Logo";
import { SkipLink } from "./SkipLink";
import { AccountLink } from "./AccountLink";
import { PageGuard } from "./PageGuard";
import { useAccountSetup } from "../hooks/use-account-setup";
import { useMe } from "../hooks/use-me";
import { ThemeSwitch } from "./ThemeSwitch";
import { GroupSwitcher } from "./GroupSwitcher";
import { useLiveUpdates } from "../realtime/use-live-updates";
import { useThemeSync } from "../hooks/use-theme-sync";
import { NotificationBell } from "./NotificationBell";
import { OfflineIndicator } from "./OfflineIndicator";
import { useOfflineData } from "../offline/use-offline";
import { usePushSetup } from "../offline/use-push-setup";
import { registerServiceWorker } from "../offline/service-worker";
import { queryClient } from "../api/query-client";
import { seedInitialData } from "../api/initial-data";

const ICONS: Record<MenuItem["icon"], typeof Settings> = {
  settings: Settings,
  shield: Shield,
  users: Users,
  mail: Mail,
  "layout-dashboard": LayoutDashboard,
  "list-checks": ListChecks,
  "list-todo": ListTodo,
};

// This module loads before any app page renders: the data the server sent with the page goes
// into the cache now, so the page's first render has it instead of asking for it.
seedInitialData(queryClient);

/** Layout of the signed-in app: header with the module navigation (built from the module registry) and the theme switch. */
export function AppLayout() {
  const me = useMe();
  useAccountSetup();
  useLiveUpdates();
  useThemeSync();
  useOfflineData(me?.id);
  usePushSetup(me?.id);
  // The offline app is part of what a signed-in user uses: no consent needed (web/stores/consent.ts).
  useEffect(registerServiceWorker, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b border-line bg-surface/90 backdrop-blur">
        {/* Phones: logo and group switcher on one line, navigation and account below; one line from md up. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
          <Logo />
          <div className="flex min-w-0 flex-1 md:flex-none">{me && <GroupSwitcher />}</div>
          <div className="flex w-full min-w-0 items-center gap-2 md:w-auto md:flex-1 md:gap-4">
            <nav aria-label="App" className="flex min-w-0 flex-1 items-center gap-0.5 overflow-x-auto sm:gap-1">
              {menuItems(undefined, { isAdmin: me?.isAdmin === true }).map((item) => {
                const Icon = ICONS[item.icon];
                return (
                  <NavLink
                    key={item.path}
                    to={item.path}
                    // Without `end`, "/" would count as the current page everywhere.
                    end={item.path === "/"}
                    title={item.label}
                    className="group flex shrink-0 items-center gap-2 rounded-md px-1.5 py-2 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-ink sm:px-3"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {/* Every item's name from 2xl; below, the current page's (from sm), so the menu fits at 1280 px. */}
                    <span className="sr-only sm:group-aria-[current=page]:not-sr-only 2xl:not-sr-only">
                      {item.label}
                    </span>
                  </NavLink>
                );
              })}
            </nav>
            <OfflineIndicator />
            <NotificationBell />
            <AccountLink />
            {/* On phones the menu needs the room; the theme is one tap away in Settings (ThemeCards). */}
            <div className="hidden sm:block">
              <ThemeSwitch />
            </div>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
        <PageGuard>
          <Outlet />
        </PageGuard>
      </main>
    </div>
  );
}
