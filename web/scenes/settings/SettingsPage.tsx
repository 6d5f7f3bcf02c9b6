import { Bell, ChevronRight, CloudOff, Download, Shield, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { SettingsSection as SectionId } from "../../../domain/pages";
import { instanceConfig } from "../../api/instance-config";
import { DataUnavailable } from "../../components/DataUnavailable";
import { InstallButton } from "../../components/InstallButton";
import { useGroupCategories } from "../../hooks/use-group-categories";
import { useCurrentGroup } from "../../hooks/use-groups";
import { SettingsPanels } from "../../modules/slots";
import { useTheme } from "../../stores/theme";
import { CompletionSettings } from "./CompletionSettings";
import { BackupSettings, TaskListSettings } from "./TaskSettings";
import { ThemeCards } from "./ThemeCards";
import { useSettingsState } from "./use-settings-state";

/** The sections in page order, each at /settings#<id> (the spec's settings pages lead to theirs). */
const SECTIONS: { id: SectionId; label: string }[] = [
  { id: "appearance", label: "Appearance" },
  { id: "tasks", label: "Tasks" },
  { id: "categories", label: "Categories" },
  { id: "notifications", label: "Notifications" },
  { id: "backup", label: "Backup" },
  { id: "account", label: "Account and device" },
];
const label = (id: SectionId) => SECTIONS.find((section) => section.id === id)!.label;

const card = "rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6";
const linkCard = "flex h-full min-h-11 gap-3 rounded-lg border border-line p-4 hover:bg-surface-muted";

/** /settings: every setting on one page, in sections with headings and anchors. */
export default function SettingsPage() {
  const { ready, failed, retry } = useSettingsState();
  const { current: group } = useCurrentGroup();
  const categories = useGroupCategories(group?.id);
  // Sections grow as their data arrives: a section named in the address is scrolled to again.
  useScrollToSection(`${ready}:${Boolean(group)}:${categories.data !== undefined}`);

  return (
    <div className="mx-auto max-w-3xl space-y-12">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-ink-muted">Saved in your account: every device you sign in on follows them, live.</p>
        <nav aria-label="Settings sections" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium hover:bg-surface-muted"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {!ready && (
        <DataUnavailable
          what="your settings"
          failure="Your settings could not be loaded."
          failed={failed}
          onRetry={retry}
        />
      )}

      <SettingsSection id="appearance" description="Light, dark, or whatever your device uses.">
        <div className={card}>
          <ThemeCards />
          <ThemeStatus />
        </div>
      </SettingsSection>

      <SettingsSection id="tasks" description="How your task list looks and what completing a task does.">
        <TaskListSettings />
        <CompletionSettings />
      </SettingsSection>

      <SettingsSection
        id="categories"
        description="Every group has its own categories. Everyone in the group sees the same ones, and changes show up for them live."
      >
        <SettingsPanels
          section="categories"
          whenOff={() => (
            <p className={card}>
              Managing categories is switched off for you.{" "}
              <Link to="/modules" className="text-brand underline underline-offset-2">
                Switch on Task categories in Modules
              </Link>{" "}
              to add, rename or reorder them.
            </p>
          )}
        />
      </SettingsSection>

      <SettingsSection id="notifications">
        <Link to="/notifications" className={`${linkCard} bg-surface shadow-sm`}>
          <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">Notification settings</span>
            <span className="block text-sm text-ink-muted">
              What to be told about, push on this device, email and quiet hours, next to your notifications.
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        </Link>
      </SettingsSection>

      <SettingsSection id="backup" description="Copies of your tasks as a file, to keep or to restore.">
        <BackupSettings />
      </SettingsSection>

      <SettingsSection id="account">
        <AccountAndDevice />
      </SettingsSection>
    </div>
  );
}

/** A section of the page: its anchor, its heading (h2; its cards have h3) and what it holds. */
function SettingsSection({ id, description, children }: { id: SectionId; description?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
          {label(id)}
        </h2>
        {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Which theme shows now, under the theme choice (System follows the device). */
function ThemeStatus() {
  const { resolved } = useTheme();
  return (
    <p className="mt-4 text-sm text-ink-muted">
      Saved on this device and in your account, so your other devices follow. Showing the {resolved} theme now.
    </p>
  );
}

/** Profile and account, this device (install, offline changes), and who runs this instance. */
function AccountAndDevice() {
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link to="/profile" className={`${linkCard} bg-surface shadow-sm`}>
            <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Profile</span>
              <span className="block text-sm text-ink-muted">Name, picture, time zone and language.</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/account-management" className={`${linkCard} bg-surface shadow-sm`}>
            <Shield aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Account</span>
              <span className="block text-sm text-ink-muted">Sign-in, signed-in browsers, API tokens, deletion.</span>
            </span>
          </Link>
        </li>
      </ul>

      <div className={card}>
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          <Download aria-hidden="true" className="size-5 text-brand" />
          This device
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          Installed, {instanceConfig.name} opens like an app and works without a network connection; changes made
          offline are sent when the connection is back.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
          <InstallButton />
          <Link
            to="/offline"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand hover:underline"
          >
            <CloudOff aria-hidden="true" className="size-4" />
            Offline changes
          </Link>
        </div>
      </div>

      <div className={card}>
        <h3 className="text-lg font-semibold">About this instance</h3>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-ink-muted">Name</dt>
          <dd>{instanceConfig.name}</dd>
          {instanceConfig.operatorName && (
            <>
              <dt className="text-ink-muted">Run by</dt>
              <dd>{instanceConfig.operatorName}</dd>
            </>
          )}
          {instanceConfig.operatorContact && (
            <>
              <dt className="text-ink-muted">Contact</dt>
              <dd>{instanceConfig.operatorContact}</dd>
            </>
          )}
        </dl>
        <p className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Link to="/privacy-policy" className="text-brand underline-offset-2 hover:underline">
            Privacy policy
          </Link>
          <Link to="/terms-of-service" className="text-brand underline-offset-2 hover:underline">
            Terms of service
          </Link>
          <Link to="/contact" className="text-brand underline-offset-2 hover:underline">
            Contact
          </Link>
        </p>
      </div>
    </>
  );
}

/**
 * Arriving at /settings#tasks (from the old /task-settings, say) shows that section. The router
 * scrolls to it once; sections above it then grow as their data arrives, so it is scrolled to
 * again each time `settled` changes, until the user scrolls, taps or types themselves.
 */
function useScrollToSection(settled: string) {
  const { hash } = useLocation();
  const userMoved = useRef(false);
  useEffect(() => {
    userMoved.current = false;
    const moved = () => {
      userMoved.current = true;
    };
    const events = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    for (const event of events) window.addEventListener(event, moved, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, moved);
    };
  }, [hash]);
  useLayoutEffect(() => {
    if (!hash || userMoved.current) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, settled]);
}
