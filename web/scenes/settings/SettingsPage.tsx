import { Bell, ChevronRight, ListChecks, Sparkles, Tags } from "lucide-react";
import { InstallButton } from "../../components/InstallButton";
import { Link } from "react-router";
import { instanceConfig } from "../../api/instance-config";
import { useMe } from "../../hooks/use-me";
import { useTheme } from "../../stores/theme";
import { ThemeCards } from "./ThemeCards";

const PREFERENCE_PAGES = [
  {
    path: "/core-settings",
    label: "Core settings",
    hint: "Theme, confetti, animation and sound when you complete a task, assistant search.",
    Icon: Sparkles,
  },
  {
    path: "/task-settings",
    label: "Tasks and backup",
    hint: "Completed tasks, categories offered first, backup and restore.",
    Icon: ListChecks,
  },
  {
    path: "/notifications",
    label: "Notifications",
    hint: "What to be told about, push on this device, email and quiet hours.",
    Icon: Bell,
  },
  {
    path: "/category-settings",
    label: "Categories",
    hint: "Names, colours, icons, sharing and order of your group's categories.",
    Icon: Tags,
  },
] as const;

export default function SettingsPage() {
  const { resolved } = useTheme();
  const me = useMe();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>

      <section
        aria-labelledby="appearance-heading"
        className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="appearance-heading" className="text-lg font-semibold">
          Appearance
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {me ? "Saved on this device and in your account, so your other devices follow." : "Saved on this device."}{" "}
          Showing the {resolved} theme now.
        </p>
        <div className="mt-5">
          <ThemeCards />
        </div>
      </section>

      <PreferenceLinks />

      <AccountLinks />

      <DeviceSection signedIn={Boolean(me)} />

      <section
        aria-labelledby="instance-heading"
        className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="instance-heading" className="text-lg font-semibold">
          About this instance
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-ink-muted">Name</dt>
          <dd>{instanceConfig.name}</dd>
          <dt className="text-ink-muted">Run by</dt>
          <dd>{instanceConfig.operatorName}</dd>
          <dt className="text-ink-muted">Contact</dt>
          <dd>{instanceConfig.operatorContact}</dd>
        </dl>
        <p className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Link to="/privacy-policy" className="text-brand underline-offset-2 hover:underline">
            Privacy policy
          </Link>
          <Link to="/terms-of-service" className="text-brand underline-offset-2 hover:underline">
            Terms of service
          </Link>
        </p>
      </section>
    </div>
  );
}

/** Signed in: the settings kept in the account, synced to every device. */
function PreferenceLinks() {
  const me = useMe();
  if (!me) return null;
  return (
    <section
      aria-labelledby="preferences-heading"
      className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id="preferences-heading" className="text-lg font-semibold">
        Preferences
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Saved in your account and the same on every device.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {PREFERENCE_PAGES.map(({ path, label, hint, Icon }) => (
          <li key={path}>
            <Link to={path} className="flex h-full gap-3 rounded-lg border border-line p-4 hover:bg-surface-muted">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-ink-muted">{hint}</span>
              </span>
              <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Signed in: where profile and account live. Signed out: settings stay on this device. */
function AccountLinks() {
  const me = useMe();
  if (!me) return null;
  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id="account-heading" className="text-lg font-semibold">
        Your account
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        <li>
          <Link to="/profile" className="block rounded-lg border border-line p-4 hover:bg-surface-muted">
            <span className="block font-medium">Profile</span>
            <span className="block text-sm text-ink-muted">Name, picture, time zone and language.</span>
          </Link>
        </li>
        <li>
          <Link to="/account-management" className="block rounded-lg border border-line p-4 hover:bg-surface-muted">
            <span className="block font-medium">Account</span>
            <span className="block text-sm text-ink-muted">Sign-in, signed-in browsers, API tokens, deletion.</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** This device: installing the app, and (signed in) the changes it still has to send. */
function DeviceSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="device-heading" className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="device-heading" className="text-lg font-semibold">
        This device
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Installed, Tandem opens like an app and works without a network connection; changes made offline are sent when
        the connection is back.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <InstallButton />
        {signedIn && (
          <Link to="/offline" className="text-sm font-medium text-brand hover:underline">
            Offline changes
          </Link>
        )}
      </div>
    </section>
  );
}
