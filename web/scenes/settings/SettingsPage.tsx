import { Check, Monitor, Moon, Sun } from "lucide-react";
import { Link } from "react-router";
import { type Theme, THEMES } from "../../../domain/theme";
import { instanceConfig } from "../../api/instance-config";
import { useMe } from "../../hooks/use-me";
import { useTheme } from "../../stores/theme";

const THEME_CHOICES: Record<Theme, { label: string; hint: string; Icon: typeof Sun }> = {
  light: { label: "Light", hint: "Bright surfaces, dark text.", Icon: Sun },
  dark: { label: "Dark", hint: "Easy on the eyes at night.", Icon: Moon },
  system: { label: "System", hint: "Follows your device, switching when it does.", Icon: Monitor },
};

export default function SettingsPage() {
  const { preference, resolved, setPreference } = useTheme();
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
        <p className="mt-1 text-sm text-ink-muted">Saved on this device. Showing the {resolved} theme now.</p>
        <fieldset className="mt-5">
          <legend className="sr-only">Theme</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {THEMES.map((theme) => {
              const { label, hint, Icon } = THEME_CHOICES[theme];
              return (
                <label
                  key={theme}
                  className="relative flex cursor-pointer gap-3 rounded-lg border border-line p-4 hover:bg-surface-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    checked={preference === theme}
                    onChange={() => setPreference(theme)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                  <span>
                    <span className="block font-medium">{label}</span>
                    <span className="block text-sm text-ink-muted">{hint}</span>
                  </span>
                  {preference === theme && (
                    <Check aria-hidden="true" className="absolute top-3 right-3 size-4 text-brand" />
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      </section>

      <AccountLinks />

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
