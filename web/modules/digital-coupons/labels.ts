import { COUPON_CURRENCY, EXPIRING_SOON_DAYS } from "../../../domain/coupon-rules";
import type { Coupon } from "../../../domain/coupons";

/** "€1.50" in the reader's locale. */
export function money(cents: number, currency = COUPON_CURRENCY): string {
  return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100);
}

/** What the coupon gives, in a few words: "20 % off", "€1.00 off", "for €2.49", "Buy one, get one". */
export function discountLabel(coupon: Pick<Coupon, "discountKind" | "discountValue" | "currency">): string {
  const value = coupon.discountValue ?? 0;
  switch (coupon.discountKind) {
    case "percent":
      return `${value} % off`;
    case "amount":
      return `${money(value, coupon.currency)} off`;
    case "fixed_price":
      return `for ${money(value, coupon.currency)}`;
    case "bogo":
      return "Buy one, get one";
  }
}

export interface Chip {
  label: string;
  tone: "ok" | "warn" | "muted" | "danger";
}

/** The status chip of a coupon: active, expiring in N days, expired, used or flagged. */
export function statusChip(coupon: Pick<Coupon, "status" | "daysLeft">): Chip {
  switch (coupon.status) {
    case "used":
      return { label: "Used", tone: "muted" };
    case "expired":
      return { label: "Expired", tone: "muted" };
    case "flagged":
      return { label: "Flagged: did not work", tone: "danger" };
    case "active":
      if (coupon.daysLeft !== null && coupon.daysLeft <= EXPIRING_SOON_DAYS)
        return {
          label:
            coupon.daysLeft === 0
              ? "Expires today"
              : `Expiring in ${coupon.daysLeft} ${coupon.daysLeft === 1 ? "day" : "days"}`,
          tone: "warn",
        };
      return { label: "Active", tone: "ok" };
  }
}

export const CHIP_CLASS: Record<Chip["tone"], string> = {
  ok: "border-success/60 bg-canvas text-ink",
  warn: "border-warning/50 bg-warning-soft text-ink",
  muted: "border-line bg-surface-muted text-ink-muted",
  danger: "border-danger/40 bg-danger-soft text-danger",
};

/** "1.50" → 150 cents; "" → null; anything else → NaN (the form says what is wrong). */
export function centsOf(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

export function centsText(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
