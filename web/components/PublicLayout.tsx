import { Settings } from "lucide-react";
import { Link, NavLink, Outlet } from "react-router";
import { instanceConfig } from "../api/instance-config";
import { Logo } from "./Logo";
import { SkipLink } from "./SkipLink";
import { AccountLink } from "./AccountLink";
import { ThemeSwitch } from "./ThemeSwitch";

const HEADER_LINKS = [
  { to: "/guides", label: "Guides" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
] as const;

const FOOTER_LINKS = [
  { to: "/about", label: "About" },
  { to: "/guides", label: "Guides" },
  { to: "/blog", label: "Blog" },
  { to: "/help", label: "Help" },
  { to: "/settings", label: "Settings" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/terms-of-service", label: "Terms of service" },
  { to: "/cookie-policy", label: "Cookies" },
  { to: "/cookie-settings", label: "Cookie settings" },
  { to: "/contact", label: "Contact" },
] as const;

/** Layout of the public site: a light header, the page, and a footer with the legal links. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
            {HEADER_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                // On phones the footer carries these links; the header keeps room for the account and theme.
                className="hidden rounded-md px-2 py-1.5 text-sm font-medium text-ink-muted hover:text-ink aria-[current=page]:text-ink sm:block"
              >
                {link.label}
              </NavLink>
            ))}
            <Link
              to="/settings"
              className="grid size-9 place-items-center rounded-md text-ink-muted hover:text-ink"
              title="Settings"
            >
              <Settings aria-hidden="true" className="size-5" />
              <span className="sr-only">Settings</span>
            </Link>
            <AccountLink />
            <ThemeSwitch />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            {instanceConfig.name} is run by {instanceConfig.operatorName}.
          </p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-ink hover:underline">
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
