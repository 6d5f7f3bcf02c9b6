import { LayoutDashboard, ListChecks, ListTodo, Mail, Settings, Shield, Users } from "lucide-react";
import { NavLink } from "react-router";
import { type MenuItem, menuItems } from "../../domain/modules";

const ICONS: Record<MenuItem["icon"], typeof Settings> = {
  settings: Settings,
  shield: Shield,
  users: Users,
  mail: Mail,
  "layout-dashboard": LayoutDashboard,
  "list-checks": ListChecks,
  "list-todo": ListTodo,
};

/**
 * The app's menu, built from the module registry (domain/modules.ts), on a row of its own below
 * the header's top line, so nothing in the header (the offline pill, the bell) can squeeze it.
 * Every item's name shows from lg (1024 px), where all of them fit; below that the icons carry
 * the names as their accessible names and tooltips, and the current page's name stays visible.
 * Should more modules add items than fit, the row scrolls sideways instead of overlapping.
 */
export function AppNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="App" className="-mx-1 flex items-center gap-0.5 overflow-x-auto px-1 py-1.5 sm:gap-1">
      {menuItems(undefined, { isAdmin }).map((item) => {
        const Icon = ICONS[item.icon];
        return (
          <NavLink
            key={item.path}
            to={item.path}
            // Without `end`, "/" would count as the current page everywhere.
            end={item.path === "/"}
            title={item.label}
            className="group flex shrink-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-ink sm:px-3"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only group-aria-[current=page]:not-sr-only lg:not-sr-only">{item.label}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
