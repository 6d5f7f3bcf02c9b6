import {
  Blocks,
  Calendar,
  CalendarDays,
  ChartColumn,
  MessagesSquare,
  ShoppingCart,
  UtensilsCrossed,
  Handshake,
  Layers,
  LayoutDashboard,
  ListTodo,
  Mail,
  Settings,
  Settings2,
  Shield,
  Sun,
  Ticket,
  Timer,
  Users,
} from "lucide-react";
import { type ReactNode, useId, useMemo } from "react";
import { Link, useLocation } from "react-router";
import type { Group } from "../../domain/groups";
import { type MenuItem, menuItems, type MenuSection } from "../../domain/modules";
import { useAllTasks } from "../hooks/use-all-tasks";
import { useCurrentGroup, useInvitations } from "../hooks/use-groups";
import { useMe } from "../hooks/use-me";
import { useEnabledModules } from "../hooks/use-modules";
import { useNow } from "../hooks/use-now";
import { hasMenuBadge, MenuBadges } from "../modules/slots";
import { GroupIcon } from "./GroupIcon";
import { navCounts } from "./nav-counts";

export const NAV_ICONS: Record<MenuItem["icon"], typeof Settings> = {
  sun: Sun,
  "calendar-days": CalendarDays,
  settings: Settings,
  shield: Shield,
  users: Users,
  mail: Mail,
  "layout-dashboard": LayoutDashboard,
  layers: Layers,
  "list-todo": ListTodo,
  blocks: Blocks,
  handshake: Handshake,
  timer: Timer,
  "chart-column": ChartColumn,
  "messages-square": MessagesSquare,
  "shopping-cart": ShoppingCart,
  utensils: UtensilsCrossed,
  calendar: Calendar,
  ticket: Ticket,
};

/** A count beside a menu item, and what it counts for a screen reader. */
export interface ItemCount {
  value: number;
  /** Read after the number: "due today or overdue". */
  meaning: string;
}

/**
 * What the sidebar and the phone bar show: the registry's items for this user, their groups, and
 * the counts. Every count comes from what the device already has (the cached lists), so nothing
 * in the navigation waits for the network; a count not known yet is simply not shown.
 */
export function useNavigationModel() {
  const me = useMe();
  const enabled = useEnabledModules();
  const items = useMemo(
    () => menuItems((module) => enabled.has(module.id), { isAdmin: me?.isAdmin === true }),
    [enabled, me?.isAdmin],
  );
  const { current, groups, choose } = useCurrentGroup();
  const tasks = useAllTasks();
  const invitations = useInvitations();
  const now = useNow();
  const counts = useMemo(() => (tasks.data ? navCounts(tasks.data, now) : undefined), [tasks.data, now]);
  const pendingInvitations = invitations.data?.received.filter((invitation) => invitation.status === "pending").length;

  function countOf(item: MenuItem): ItemCount | undefined {
    if (item.path === "/today" && counts) return { value: counts.today, meaning: "due today or overdue" };
    if (item.path === "/invitations" && pendingInvitations !== undefined)
      return { value: pendingInvitations, meaning: "waiting for your answer" };
    return undefined;
  }

  function groupCount(group: Group): ItemCount | undefined {
    return counts ? { value: counts.groups.get(group.id) ?? 0, meaning: "open tasks" } : undefined;
  }

  return { items, groups, current, choose, countOf, groupCount };
}

export type NavigationModel = ReturnType<typeof useNavigationModel>;

export function itemsOf(items: readonly MenuItem[], section: MenuSection): MenuItem[] {
  return items.filter((item) => item.section === section);
}

/** A link's accessible name: its label, and its count with what it counts ("Today, 3 due today or overdue"). */
export function itemName(label: string, count: ItemCount | undefined): string {
  return count && count.value > 0 ? `${label}, ${count.value} ${count.meaning}` : label;
}

/** The number at the end of an item (none for zero); the link's name says what it counts (itemName). */
export function CountBadge({ count, className = "" }: { count: ItemCount | undefined; className?: string }) {
  if (!count || count.value === 0) return null;
  return (
    <span aria-hidden="true" className={`tabular-nums ${className}`}>
      {count.value > 99 ? "99+" : count.value}
    </span>
  );
}

/**
 * A module's badge for a menu item (web/modules/web-module.ts, MenuBadge), and the id its link
 * names as its description; nothing for an item no module counts anything for.
 */
export function useModuleBadge(
  path: string,
  className = "text-xs leading-5",
): { describedBy?: string; badge: ReactNode } {
  const id = useId();
  if (!hasMenuBadge(path)) return { badge: null };
  return { describedBy: id, badge: <MenuBadges path={path} id={id} className={className} /> };
}

export const navItemClass =
  "group flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:font-semibold aria-[current=page]:text-ink aria-[current=true]:font-semibold aria-[current=true]:text-ink";

/**
 * The user's groups as links to their lists: following one makes it the current group (as the
 * header's switcher does) and opens "/". The current group is the page on "/" and marked as the
 * current one of the set elsewhere.
 */
export function GroupLinks({
  model,
  labelledBy,
  onFollow,
  withSettings = false,
}: {
  model: NavigationModel;
  labelledBy: string;
  onFollow?: () => void;
  /** A way to each group's settings at the end of its row, shown on hover and keyboard focus (the sidebar's). */
  withSettings?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-0.5">
      {model.groups.map((group) => {
        const isCurrent = group.id === model.current?.id;
        const count = model.groupCount(group);
        return (
          <li key={group.id} className="group/row relative">
            <Link
              to="/"
              aria-current={isCurrent ? (pathname === "/" ? "page" : "true") : undefined}
              title={group.name}
              aria-label={itemName(isCurrent && pathname !== "/" ? `${group.name} (current group)` : group.name, count)}
              onClick={() => {
                model.choose(group.id);
                onFollow?.();
              }}
              className={`${navItemClass} ${withSettings ? "group-focus-within/row:pr-12 group-hover/row:pr-12" : ""}`}
            >
              <GroupIcon
                type={group.type}
                className="size-5 shrink-0 group-aria-[current=page]:text-brand group-aria-[current=true]:text-brand"
              />
              <span className="min-w-0 flex-1 truncate">{group.name}</span>
              <CountBadge
                count={count}
                className={`text-xs text-ink-muted ${withSettings ? "group-focus-within/row:hidden group-hover/row:hidden" : ""}`}
              />
            </Link>
            {withSettings && (
              <Link
                to={`/group-settings?id=${encodeURIComponent(group.id)}`}
                aria-label={`Settings of ${group.name}`}
                title={`Settings of ${group.name}`}
                className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-lg text-ink-muted opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100 hover:bg-surface-muted hover:text-ink"
              >
                <Settings2 aria-hidden="true" className="size-4" />
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
