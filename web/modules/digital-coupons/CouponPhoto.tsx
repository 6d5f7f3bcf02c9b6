import { X } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { Coupon } from "../../../domain/coupons";
import { buttonClass } from "../../components/form";

/**
 * A coupon's photo on its opened card, small; a tap opens it as large as the screen allows (the
 * native <dialog>: Escape and the Close button close it, focus returns to the photo).
 */
export function CouponPhoto({ coupon }: { coupon: Coupon }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!coupon.photoUrl) return null;
  const close = () => dialog.current?.close();

  return (
    <>
      <button
        type="button"
        aria-label={`Open the photo of “${coupon.title}” larger`}
        className="block max-w-full rounded-lg focus-visible:outline-3 focus-visible:outline-focus"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        <img
          src={coupon.photoUrl}
          alt=""
          className="max-h-40 max-w-full rounded-lg border border-line bg-surface-muted object-contain"
        />
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[min(60rem,calc(100vw-1rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/70"
      >
        {open && (
          <div className="space-y-3 p-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id={titleId} className="min-w-0 font-semibold break-words">
                Photo of “{coupon.title}”
              </h2>
              <button type="button" className={buttonClass.secondary} onClick={close}>
                <X aria-hidden className="size-4" /> Close
              </button>
            </div>
            <img
              src={coupon.photoUrl}
              alt={`The coupon “${coupon.title}” as photographed`}
              className="mx-auto max-h-[calc(100dvh-6rem)] max-w-full object-contain"
            />
          </div>
        )}
      </dialog>
    </>
  );
}
