import { type KeyboardEvent, type ReactNode, useRef } from "react";

/**
 * Tabs that switch a page between views, as WAI-ARIA's tabs pattern asks: the chosen tab is the
 * one in the tab order, Left and Right move to the one beside it (and show it), and the panel
 * names its tab. `idBase` (a useId) ties each tab to its panel.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idBase,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  idBase: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-lg border border-line bg-surface p-1">
      {tabs.map((item, index) => (
        <button
          key={item.id}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idBase}-${item.id}-tab`}
          aria-controls={`${idBase}-${item.id}-panel`}
          aria-selected={selected === item.id}
          tabIndex={selected === item.id ? 0 : -1}
          onClick={() => onSelect(item.id)}
          onKeyDown={(event) => onKey(event, index)}
          className="rounded-md px-4 py-1.5 text-sm font-semibold text-ink-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-focus aria-selected:bg-brand aria-selected:text-brand-ink"
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the chosen tab. */
export function TabPanel({ idBase, tab, children }: { idBase: string; tab: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idBase}-${tab}-panel`} aria-labelledby={`${idBase}-${tab}-tab`}>
      {children}
    </div>
  );
}
