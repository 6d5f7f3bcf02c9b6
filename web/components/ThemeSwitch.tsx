import { Monitor, Moon, Sun } from "lucide-react";
import { type Theme, THEMES } from "../../domain/theme";
import { useTheme } from "../stores/theme";

const OPTIONS: Record<Theme, { label: string; Icon: typeof Sun }> = {
  light: { label: "Light", Icon: Sun },
  dark: { label: "Dark", Icon: Moon },
  system: { label: "System", Icon: Monitor },
};

/**
 * Compact three-way switch for headers: native radios, so arrow keys and screen readers just work.
 * Two on one page (a header's and its phone menu's) need different `name`s, or their radios
 * would be one group.
 */
export function ThemeSwitch({ name = "theme-switch" }: { name?: string }) {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className="flex items-center rounded-full border border-line bg-surface-muted p-0.5">
      <legend className="sr-only">Theme</legend>
      {THEMES.map((theme) => {
        const { label, Icon } = OPTIONS[theme];
        return (
          <label
            key={theme}
            title={`${label} theme`}
            className="relative grid size-8 cursor-pointer place-items-center rounded-full text-ink-muted transition-colors hover:text-ink has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
          >
            <input
              type="radio"
              name={name}
              value={theme}
              checked={preference === theme}
              onChange={() => setPreference(theme)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-4" />
            <span className="sr-only">{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
