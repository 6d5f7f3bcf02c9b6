import { LogOut, Menu, Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { type MenuItem, splitForBar } from "../../domain/modules";
import { hasMenuBadge, MenuBadges } from "../modules/slots";
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

const tabClass =
  "relative flex h-14 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg text-[0.7rem] font-medium text-ink-muted hover:text-ink aria-[current=page]:text-brand aria-expanded:text-brand";

/**
 * The app's navigation on phones and narrow windows: a bar fixed at the bottom (within the
 * thumb's reach) with the registry's bar items around a round Add button, and More, a sheet
 * with everything else. The page leaves room for it (AppLayout), and the toasts sit above it.
 */
export function PhoneBar({ model }: { model: NavigationModel }) {
  const { bar, more } = splitForBar(model.items);
  const openQuickAdd = useOpenQuickAdd();
  const { pathname } = useLocation();
  // Open on the page it was opened on: a page change from elsewhere (Back) leaves no sheet over the next.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const moreOpen = openOn === pathname;
  const moreButton = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  // What a module counts under More shows on More too: unread messages are not hidden behind it.
  const badgeId = useId();
  const badged = more.filter((item) => hasMenuBadge(item.path));
  const tabs = bar.map((item) => <BarLink key={item.path} item={item} model={model} />);
  return (
    <>
      <nav
        aria-label="App"
        data-phone-bar=""
        className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-5 items-center px-1">
          {tabs.slice(0, 2).map((tab) => (
            <li key={tab.key}>{tab}</li>
          ))}
          <li className="flex justify-center">
            <button
              type="button"
              aria-label="Add task"
              title="Add task"
              onClick={openQuickAdd}
              className="grid size-12 place-items-center rounded-full bg-brand text-brand-ink shadow-md hover:bg-brand-hover"
            >
              <Plus aria-hidden="true" className="size-6" />
            </button>
          </li>
          {tabs.slice(2).map((tab) => (
            <li key={tab.key}>{tab}</li>
          ))}
          <li>
            <button
              ref={moreButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              aria-controls={moreOpen ? sheetId : undefined}
              // Named by its label alone: a module's count inside it is its description.
              aria-label="More"
              aria-describedby={badged.map((_, index) => `${badgeId}-${index}`).join(" ") || undefined}
              onClick={() => setOpenOn(pathname)}
              className={`${tabClass} w-full`}
            >
              <span className="relative">
                <Menu aria-hidden="true" className="size-5" />
                {badged.map((item, index) => (
                  <MenuBadges
                    key={item.path}
                    path={item.path}
                    id={`${badgeId}-${index}`}
                    className="absolute -top-1.5 left-3 text-[0.625rem] leading-4"
                  />
                ))}
              </span>
              More
            </button>
          </li>
        </ul>
      </nav>
      <MoreSheet
        id={sheetId}
        open={moreOpen}
        items={more}
        model={model}
        onClose={() => {
          setOpenOn(null);
          moreButton.current?.focus();
        }}
        onFollow={() => setOpenOn(null)}
      />
    </>
  );
}

function BarLink({ item, model }: { item: MenuItem; model: NavigationModel }) {
  const Icon = NAV_ICONS[item.icon];
  const count = model.countOf(item);
  const { describedBy, badge } = useModuleBadge(item.path, "absolute -top-1.5 left-3 text-[0.625rem] leading-4");
  return (
    <NavLink
      to={item.path}
      end={item.path === "/"}
      aria-label={itemName(item.label, count)}
      aria-describedby={describedBy}
      className={tabClass}
    >
      <span className="relative">
        <Icon aria-hidden="true" className="size-5" />
        <CountBadge
          count={count}
          className="absolute -top-1.5 left-3 min-w-4 rounded-full bg-brand px-1 text-center text-[0.625rem] leading-4 font-semibold text-brand-ink"
        />
        {badge}
      </span>
      {item.label}
    </NavLink>
  );
}

/**
 * Everything the bar has no room for, in a modal sheet from the bottom: the native dialog traps
 * focus and closes on Escape; closing puts focus back on More. Following a link closes it.
 */
function MoreSheet({
  id,
  open,
  items,
  model,
  onClose,
  onFollow,
}: {
  id: string;
  open: boolean;
  items: readonly MenuItem[];
  model: NavigationModel;
  onClose: () => void;
  onFollow: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const groupsHeadingId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  const groupItems = itemsOf(items, "groups").filter((item) => item.path !== "/");
  const link = (item: MenuItem) => (
    <li key={item.path}>
      <SheetLink item={item} model={model} onFollow={onFollow} />
    </li>
  );

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A tap on the dimmed page around the sheet closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-full overflow-y-auto rounded-t-2xl border border-line bg-surface p-0 pb-[env(safe-area-inset-bottom)] text-ink shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="flex flex-col gap-4 p-3">
          <div className="flex items-center justify-between pl-3">
            <h2 id={titleId} className="text-base font-semibold">
              More
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="grid size-11 place-items-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          {itemsOf(items, "views").length > 0 && (
            <ul className="flex flex-col gap-0.5">{itemsOf(items, "views").map(link)}</ul>
          )}
          {model.groups.length > 0 && (
            <div>
              <h3
                id={groupsHeadingId}
                className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
              >
                Your groups
              </h3>
              <GroupLinks model={model} labelledBy={groupsHeadingId} onFollow={onFollow} />
            </div>
          )}
          {groupItems.length > 0 && <ul className="flex flex-col gap-0.5">{groupItems.map(link)}</ul>}
          <ul className="flex flex-col gap-0.5 border-t border-line pt-3">
            {itemsOf(items, "pages").map(link)}
            <li>
              <Link to="/logout" className={navItemClass} onClick={onFollow}>
                <LogOut aria-hidden="true" className="size-5 shrink-0" />
                Sign out
              </Link>
            </li>
          </ul>
        </div>
      )}
    </dialog>
  );
}

function SheetLink({ item, model, onFollow }: { item: MenuItem; model: NavigationModel; onFollow: () => void }) {
  const Icon = NAV_ICONS[item.icon];
  const { describedBy, badge } = useModuleBadge(item.path);
  return (
    <NavLink
      to={item.path}
      end={item.path === "/"}
      aria-label={itemName(item.label, model.countOf(item))}
      aria-describedby={describedBy}
      className={navItemClass}
      onClick={onFollow}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 group-aria-[current=page]:text-brand" />
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
      <CountBadge count={model.countOf(item)} className="text-xs text-ink-muted" />
      {badge}
    </NavLink>
  );
}
