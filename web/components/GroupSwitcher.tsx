import { Check, ChevronDown, Mail, Settings2, Users } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentGroup, useInvitations } from "../hooks/use-groups";
import { useOnline } from "../offline/use-offline";
import { GROUP_TYPE_LABELS, GroupIcon } from "./GroupIcon";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface-muted focus:bg-surface-muted focus:outline-none focus-visible:outline-3 focus-visible:outline-focus";

/**
 * The header's group switcher: a menu button (WAI-ARIA menu pattern: arrow keys, Home/End,
 * Escape) listing the user's groups, personal first, with links to manage groups and invitations.
 */
export function GroupSwitcher() {
  const { current, groups, isPending, isError, choose } = useCurrentGroup();
  const online = useOnline();
  const invitations = useInvitations();
  const pendingInvitations = invitations.data?.received.filter((invitation) => invitation.status === "pending").length;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | "checked">("checked");

  useEffect(() => {
    if (!open) return;
    const items = menuItems();
    const checked = items.findIndex((item) => item.getAttribute("aria-checked") === "true");
    const index = focusOnOpen.current === "last" ? items.length - 1 : focusOnOpen.current === "first" ? 0 : checked;
    items[Math.max(0, index)]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function menuItems(): HTMLElement[] {
    return [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  }

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function openWith(focus: "first" | "last" | "checked") {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openWith(event.key === "ArrowDown" ? "checked" : "last");
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const items = menuItems();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(items.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close(false);
  }

  // No groups to switch between (not on this device yet, or they could not be loaded): a way to them.
  if (isError || (isPending && !online)) {
    return (
      <Link to="/groups" className="flex min-h-11 min-w-0 items-center gap-2 rounded-md px-2 text-sm font-medium">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        Groups
      </Link>
    );
  }
  if (isPending || !current) {
    return (
      <span role="status" className="px-2 py-1.5 text-sm text-ink-muted">
        <span className="sr-only">Loading your groups…</span>
        <span aria-hidden="true" className="block h-4 w-24 animate-pulse rounded bg-surface-muted" />
      </span>
    );
  }

  return (
    <div className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={`Current group: ${current.name}`}
        onClick={() => (open ? close(false) : openWith("checked"))}
        onKeyDown={onButtonKey}
        className="flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-lg border border-line bg-surface px-2.5 text-sm font-medium text-ink hover:bg-surface-muted"
      >
        <GroupIcon type={current.type} className="size-4 shrink-0 text-brand" />
        <span className="sr-only">Current group: </span>
        <span className="min-w-0 truncate sm:max-w-48">{current.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Switch group"
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-30 mt-1.5 w-72 md:right-auto md:left-0 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-1.5 shadow-lg"
        >
          <p
            aria-hidden="true"
            className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase"
          >
            Your groups
          </p>
          {groups.map((group) => {
            const checked = group.id === current.id;
            return (
              <button
                key={group.id}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className={itemClass}
                onClick={() => {
                  choose(group.id);
                  close();
                }}
              >
                <GroupIcon type={group.type} className="size-4 shrink-0 text-ink-muted" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{group.name}</span>
                  <span className="block text-xs text-ink-muted">
                    {GROUP_TYPE_LABELS[group.type]}
                    {!group.isPersonal &&
                      ` · ${group.members.length} ${group.members.length === 1 ? "member" : "members"}`}
                  </span>
                </span>
                {checked && <Check aria-hidden="true" className="size-4 shrink-0 text-brand" />}
              </button>
            );
          })}
          <div role="separator" className="my-1.5 border-t border-line" />
          <Link role="menuitem" tabIndex={-1} to="/groups" className={itemClass} onClick={() => close(false)}>
            <Users aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            Manage groups
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            to={`/group-settings?id=${encodeURIComponent(current.id)}`}
            className={itemClass}
            onClick={() => close(false)}
          >
            <Settings2 aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="min-w-0 flex-1 truncate">Settings of {current.name}</span>
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/invitations" className={itemClass} onClick={() => close(false)}>
            <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="flex-1">Invitations</span>
            {pendingInvitations ? (
              <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-brand-ink">
                {pendingInvitations}
                <span className="sr-only"> waiting for your answer</span>
              </span>
            ) : null}
          </Link>
        </div>
      )}
    </div>
  );
}
