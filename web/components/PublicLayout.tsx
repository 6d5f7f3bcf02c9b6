import { Menu, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { instanceConfig } from "../api/instance-config";
import { Logo } from "./Logo";
import { SkipLink } from "./SkipLink";
import { AccountLink } from "./AccountLink";
import { ThemeSwitch } from "./ThemeSwitch";
import { preloadPostIndex } from "../hooks/use-document-head";

const HEADER_LINKS = [
  { to: "/guides", label: "Guides" },
  { to: "/blog", label: "Blog" },
  { to: "/help", label: "Help" },
  { to: "/about", label: "About" },
] as const;

/** The phone menu has room for more than the header: the contact page too. */
const MENU_LINKS = [...HEADER_LINKS, { to: "/contact", label: "Contact" }] as const;

const FOOTER_LINKS = [
  { to: "/about", label: "About" },
  { to: "/guides", label: "Guides" },
  { to: "/blog", label: "Blog" },
  { to: "/help", label: "Help" },
  { to: "/quick-start", label: "Quick start" },
  { to: "/install-instructions", label: "Install" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/terms-of-service", label: "Terms of service" },
  { to: "/cookie-policy", label: "Cookies" },
  { to: "/cookie-settings", label: "Cookie settings" },
  { to: "/contact", label: "Contact" },
] as const;

/** Layout of the public site: a light header (a menu on phones), the page, and a footer with the legal links. */
export function PublicLayout() {
  // A post opened from here gets its title at once (web/hooks/use-document-head.ts).
  useEffect(preloadPostIndex, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="relative z-10 border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
          <Logo />
          <div className="flex items-center gap-1 sm:gap-3">
            <nav aria-label="Main" className="hidden items-center gap-1 sm:flex md:gap-2">
              {HEADER_LINKS.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  className="flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-ink-muted hover:text-ink aria-[current=page]:text-ink"
                >
                  {link.label}
                </NavLink>
              ))}
            </nav>
            <AccountLink />
            <div className="hidden sm:block">
              <ThemeSwitch />
            </div>
            <PhoneMenu />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-ink-muted md:grid-cols-[minmax(0,1fr)_auto]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-2">
              Shared task lists for individuals, families and teams, online and off.
              {instanceConfig.operatorName && (
                // Only where the operator said who they are; the server drops it from prerendered pages otherwise.
                <span data-operator="name">
                  {" "}
                  {instanceConfig.name} is run by {instanceConfig.operatorName}.
                </span>
              )}
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 sm:grid-cols-3">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="flex min-h-11 items-center hover:text-ink hover:underline md:min-h-9">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/**
 * Below the `sm` breakpoint the header's links and theme switch sit behind a menu button: a
 * `<details>` disclosure, so it opens without JavaScript too (public pages are prerendered).
 * With it, Esc closes the menu and the focus goes back to the button, and following a link or
 * clicking elsewhere closes it.
 */
function PhoneMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  // A client-side navigation keeps the page, and with it the open menu: close it.
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);

  useEffect(() => {
    function close(event: MouseEvent | FocusEvent) {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    }
    document.addEventListener("click", close);
    document.addEventListener("focusin", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("focusin", close);
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !details.current?.open) return;
    event.preventDefault();
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  }

  return (
    <details ref={details} className="group sm:hidden" onKeyDown={onKeyDown}>
      <summary className="grid size-11 cursor-pointer list-none place-items-center rounded-md text-ink-muted hover:text-ink [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-6 group-open:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-y border-line bg-surface px-4 pb-4 shadow-lg">
        <nav aria-label="Main">
          <ul className="divide-y divide-line">
            {MENU_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="flex min-h-12 items-center text-base font-medium text-ink-muted hover:text-ink aria-[current=page]:text-ink"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 flex items-center justify-between border-t border-line pt-4">
          <span aria-hidden="true" className="text-sm font-medium text-ink-muted">
            Theme
          </span>
          <ThemeSwitch name="theme-switch-menu" />
        </div>
      </div>
    </details>
  );
}
