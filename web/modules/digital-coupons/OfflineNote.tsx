import { CloudOff } from "lucide-react";

/**
 * Coupon writes (and a photo above all: up to 2 MB) are not kept in the offline queue: they are
 * sent when made, so without a connection the page says they wait, as other such pages do.
 */
export const COUPONS_OFFLINE =
  "You are offline: coupons and their photos can be added and changed once you are back online.";

export function OfflineNote() {
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm text-ink-muted"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {COUPONS_OFFLINE}
    </p>
  );
}
