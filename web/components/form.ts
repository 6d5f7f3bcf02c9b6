/** Class names shared by every form, so fields and buttons look alike on every page. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-ink placeholder:text-ink-muted focus:border-brand focus:outline-3 focus:outline-focus disabled:opacity-60";
export const labelClass = "block text-sm font-medium";

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60";

export const buttonClass = {
  primary: `${buttonBase} bg-brand text-brand-ink hover:bg-brand-hover`,
  secondary: `${buttonBase} border border-line bg-surface text-ink hover:bg-surface-muted`,
  danger: `${buttonBase} bg-danger text-canvas hover:opacity-90`,
  dangerOutline: `${buttonBase} border border-danger/50 text-danger hover:bg-danger/10`,
} as const;
