import { Keyboard } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef } from "react";

const ShortcutsList = lazy(() => import("./ShortcutsList"));

/** The "?" button and the list of keyboard shortcuts it shows (a disclosure; Escape or a click outside closes it). */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) onOpenChange(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onOpenChange(false);
      if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, onOpenChange]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        title="Keyboard shortcuts (?)"
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <Keyboard aria-hidden="true" className="size-4" />
        <span className="sr-only">Keyboard shortcuts</span>
        <kbd aria-hidden="true" className="font-sans">
          ?
        </kbd>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        role="region"
        aria-labelledby={headingId}
        className="absolute top-full right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-4 shadow-lg"
      >
        {/* The list loads when first opened: it is not needed to show the task list. */}
        {open && (
          <Suspense fallback={null}>
            <ShortcutsList
              headingId={headingId}
              onClose={() => {
                onOpenChange(false);
                buttonRef.current?.focus();
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
