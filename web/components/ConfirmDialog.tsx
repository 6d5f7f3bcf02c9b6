import { type ReactNode, useEffect, useId, useRef } from "react";
import { buttonClass } from "./form";

/**
 * A modal question before something that cannot be undone. The native <dialog> gives the focus
 * trap, Escape to cancel and an inert page behind it; focus starts on the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  /** The action runs: both buttons wait, Escape does nothing. */
  busy?: boolean;
  /** Not ready to confirm yet (still loading what the question names). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  /**
   * Cancelling closes the dialog at once, in the same event: the browser hands focus back to what
   * had it before (the link that asked to leave, say) now, not at the next render, when the user may
   * already be typing elsewhere and a late focus move would send their next key (Enter) there.
   */
  function cancel() {
    ref.current?.close();
    onCancel();
  }
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) cancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-3 space-y-3 text-sm text-ink-muted">
            {children}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button ref={cancelRef} type="button" className={buttonClass.secondary} disabled={busy} onClick={cancel}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={tone === "danger" ? buttonClass.danger : buttonClass.primary}
              disabled={busy || confirmDisabled}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
