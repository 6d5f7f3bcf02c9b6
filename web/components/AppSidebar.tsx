import { Plus } from "lucide-react";
import { useId } from "react";
import { NavLink } from "react-router";
import type { MenuItem } from "../../domain/modules";
import { useOpenQuickAdd } from "../stores/quick-add-request";
import {
  CountBadge,
  GroupLinks,
  itemName,
  itemsOf,
  NAV_ICONS,
  type NavigationModel,
  navItemClass,
  useModuleBadge,
} from "./nav-parts";

/**
 * The app's navigation on wide screens: a labelled column on the left, built from the module
 * registry (domain/modules.ts) section by section, with the user's groups in the middle. It
 * stays put while the page scrolls and scrolls on its own when it is longer than the window.
 */
export function AppSidebar({ model }: { model: NavigationModel }) {
  const groupsHeadingId = useId();
  const openQuickAdd = useOpenQuickAdd();
  const groupItems = itemsOf(model.items, "groups");
  const tasksItem = groupItems.find((item) => item.path === "/");
  return (
    <nav aria-label="App" className="flex flex-col gap-5 p-3">
      <button
        type="button"
        onClick={openQuickAdd}
        className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        <span className="grid size-6 place-items-center rounded-full bg-brand text-brand-ink">
          <Plus aria-hidden="true" className="size-4" />
        </span>
        Add task
      </button>
      <ItemList items={itemsOf(model.items, "views")} model={model} />
      <div>
        <h2 id={groupsHeadingId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          Your groups
        </h2>
        {model.groups.length > 0 ? (
          <GroupLinks model={model} labelledBy={groupsHeadingId} withSettings />
        ) : (
          // Groups not on this device yet: the current group's list is still one link away.
          tasksItem && <ItemList items={[tasksItem]} model={model} />
        )}
        <ItemList items={groupItems.filter((item) => item.path !== "/")} model={model} />
      </div>
      <ItemList items={itemsOf(model.items, "pages")} model={model} />
    </nav>
  );
}

function ItemList({ items, model }: { items: readonly MenuItem[]; model: NavigationModel }) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => (
        <li key={item.path}>
          <SidebarLink item={item} model={model} />
        </li>
      ))}
    </ul>
  );
}

function SidebarLink({ item, model }: { item: MenuItem; model: NavigationModel }) {
  const Icon = NAV_ICONS[item.icon];
  const count = model.countOf(item);
  const { describedBy, badge } = useModuleBadge(item.path);
  return (
    // Without `end`, "/" would count as the current page everywhere.
    <NavLink
      to={item.path}
      end={item.path === "/"}
      aria-label={itemName(item.label, count)}
      aria-describedby={describedBy}
      className={navItemClass}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 group-aria-[current=page]:text-brand" />
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
      <CountBadge count={count} className="text-xs text-ink-muted" />
      {badge}
    </NavLink>
  );
}
