import { Settings, Shield } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { type MenuItem, menuItems } from "../../domain/modules";
import { Logo } from "./Logo";
import { SkipLink } from "./SkipLink";
import { AccountLink } from "./AccountLink";
import { PageGuard } from "./PageGuard";
import { useAccountSetup } from "../hooks/use-account-setup";
import { useMe } from "../hooks/use-me";
import { ThemeSwitch } from "./ThemeSwitch";

const ICONS: Record<MenuItem["icon"], typeof Settings> = { settings: Settings, shield: Shield };

/** Layout of the signed-in app: header with the module navigation (built from the module registry) and the theme switch. */
export function AppLayout() {
  const me = useMe();
  useAccountSetup();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b border-line bg-surface/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2.5">
          <Logo />
          <nav aria-label="App" className="flex flex-1 items-center gap-1 overflow-x-auto">
            {menuItems(undefined, { isAdmin: me?.isAdmin === true }).map((item) => {
              const Icon = ICONS[item.icon];
              return (
                <NavLink
                  key={item.path}
                  to={item.path}
                  className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-ink"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {item.label}
                </NavLink>
              );
            })}
          </nav>
          <AccountLink />
          <ThemeSwitch />
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
