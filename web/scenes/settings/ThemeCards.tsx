import { Check, Monitor, Moon, Sun } from "lucide-react";
import { type Theme, THEMES } from "../../../domain/theme";
import { useTheme } from "../../stores/theme";

const THEME_CHOICES: Record<Theme, { label: string; hint: string; Icon: typeof Sun }> = {
  light: { label: "Light", hint: "Bright surfaces, dark text.", Icon: Sun },
  dark: { label: "Dark", hint: "Easy on the eyes at night.", Icon: Moon },
  system: { label: "System", hint: "Follows your device, switching when it does.", Icon: Monitor },
};

/**
 * The theme as three radio cards. Saved on this device under "theme"; signed in, useThemeSync
 * (mounted in the app layout) also saves it to the account and applies changes from other devices.
 */
export function ThemeCards() {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset>
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
  );
}
