import { type ReactNode, useId } from "react";

/**
 * An on/off setting: a button with role="switch", named by its visible label, described by the
 * hint below it. It says its state in the track's position and colour, and to assistive technology.
 */
export function Switch({
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={`font-medium ${disabled ? "text-ink-muted" : ""}`}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-sm text-ink-muted">
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-ink-muted bg-surface-muted transition-colors focus-visible:outline-3 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50 aria-checked:border-brand aria-checked:bg-brand"
      >
        <span
          aria-hidden="true"
          className="ml-0.5 size-4 rounded-full bg-ink-muted transition-transform group-aria-checked:translate-x-5 group-aria-checked:bg-brand-ink motion-reduce:transition-none"
        />
      </button>
    </div>
  );
}
