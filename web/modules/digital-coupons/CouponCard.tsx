import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type CouponVote } from "../../../domain/coupon-rules";
import type { Coupon } from "../../../domain/coupons";
import { errorMessage } from "../../api/http";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { buttonClass } from "../../components/form";
import { couponKeys, deleteCoupon, voteOn } from "./api";
import { BarcodeImage } from "./BarcodeImage";
import { CouponForm } from "./CouponForm";
import { CouponPhoto } from "./CouponPhoto";
import { CHIP_CLASS, discountLabel, money, statusChip } from "./labels";

const VOTE_LABELS: Record<CouponVote, string> = {
  worked: "Worked",
  didnt_work: "Didn't work",
  expired: "Expired",
  used: "Used it",
};

export function StatusChip({ coupon }: { coupon: Coupon }) {
  const chip = statusChip(coupon);
  return (
    <span
      className={`inline-block shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium ${CHIP_CLASS[chip.tone]}`}
    >
      {chip.label}
    </span>
  );
}

/** One coupon opened: its code large, its barcode for the cashier, its details, votes and actions. */
export function CouponCard({ groupId, coupon }: { groupId: string; coupon: Coupon }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: couponKeys.group(groupId) });
  const vote = useMutation({
    mutationFn: (next: CouponVote | null) => voteOn(groupId, coupon.id, next),
    onSuccess: refresh,
    onError: (error) => setProblem(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteCoupon(groupId, coupon.id),
    onSuccess: refresh,
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (editing) return <CouponForm groupId={groupId} coupon={coupon} onDone={() => setEditing(false)} />;
  const details = [
    coupon.brand && `Brand: ${coupon.brand}`,
    coupon.productKeys.length > 0 && `For: ${coupon.productKeys.join(", ")}`,
    coupon.minimumPurchase !== null && `Minimum purchase ${money(coupon.minimumPurchase, coupon.currency)}`,
    coupon.typicalPrice !== null && `Typical price ${money(coupon.typicalPrice, coupon.currency)}`,
    coupon.validFrom && `Valid from ${coupon.validFrom}`,
    coupon.expiresOn ? `Expires at the end of ${coupon.expiresOn}` : "Does not expire",
    coupon.singleUse && "Single use",
    coupon.createdByName && `Added by ${coupon.createdByName}`,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      {coupon.code && (
        <p className="text-center">
          <span className="block text-xs text-ink-muted">Code</span>
          <span className="font-mono text-3xl font-bold tracking-wider break-all select-all">{coupon.code}</span>
        </p>
      )}
      {coupon.barcode && <BarcodeImage format={coupon.barcode.format} value={coupon.barcode.value} />}
      <p className="text-sm font-medium">{discountLabel(coupon)}</p>
      <CouponPhoto coupon={coupon} />
      <ul className="space-y-0.5 text-sm text-ink-muted">
        {details.map((line) => (
          <li key={String(line)}>{line}</li>
        ))}
      </ul>
      {coupon.terms && <p className="text-sm whitespace-pre-line">{coupon.terms}</p>}
      <div role="group" aria-label="Your vote" className="flex flex-wrap gap-2">
        {(Object.keys(VOTE_LABELS) as CouponVote[]).map((option) => {
          const mine = coupon.myVote === option;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={mine}
              disabled={vote.isPending}
              className={mine ? buttonClass.primary : buttonClass.secondary}
              onClick={() => vote.mutate(mine ? null : option)}
            >
              {VOTE_LABELS[option]} <span aria-label={`${coupon.votes[option]} votes`}>({coupon.votes[option]})</span>
            </button>
          );
        })}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      {coupon.canEdit && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className={buttonClass.dangerOutline}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this coupon?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        “{coupon.title}” goes for everyone in the group, with its votes.
      </ConfirmDialog>
    </div>
  );
}
