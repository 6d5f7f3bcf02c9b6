import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { COUPON_MESSAGES } from "../../../domain/coupons";
import { DataUnavailable } from "../../components/DataUnavailable";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { Section } from "../../components/Section";
import { useCurrentGroup } from "../../hooks/use-groups";
import { useOnline } from "../../offline/use-offline";
import { couponKeys, listCoupons } from "./api";
import { CouponCard, StatusChip } from "./CouponCard";
import { CouponForm } from "./CouponForm";
import { CouponAnalysisSection, ShoppingMatchSection } from "./CouponInsights";
import { discountLabel } from "./labels";
import { OfflineNote } from "./OfflineNote";

/** /digital-coupons: a group's coupons, soonest expiry first, each opening to its code and barcode. */
export default function CouponsPage() {
  const { current, groups, isError: groupsFailed, retry } = useCurrentGroup();
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const groupId = chosenGroup ?? current?.id ?? null;
  const list = useQuery({
    queryKey: couponKeys.list(groupId ?? ""),
    queryFn: () => listCoupons(groupId!),
    enabled: groupId !== null,
  });
  const groupSelect = useId();
  const online = useOnline();
  const coupons = list.data?.coupons ?? [];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Coupons</h1>
        <p className="mt-1 text-ink-muted">
          Your group&rsquo;s coupons from store apps, flyers and photos: show the code or barcode at the till, say
          whether it worked, and see what you saved.
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          New to coupons? Read{" "}
          <Link to="/digital-couponing-for-beginners" className="text-brand underline underline-offset-2">
            Digital couponing for beginners
          </Link>{" "}
          or{" "}
          <Link to="/digital-couponing2025" className="text-brand underline underline-offset-2">
            Digital couponing in 2025
          </Link>
          .
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <label htmlFor={groupSelect} className={labelClass}>
            Group
          </label>
          <select
            id={groupSelect}
            className={inputClass}
            value={groupId ?? ""}
            onChange={(event) => {
              setChosenGroup(event.target.value);
              setOpen(null);
              setAdding(false);
            }}
          >
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
        {!adding && groupId && (
          <button type="button" className={buttonClass.primary} onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" /> Add a coupon
          </button>
        )}
      </div>
      {!online && <OfflineNote />}
      {groupsFailed && (
        <DataUnavailable what="your groups" failure="Failed to load your groups." failed onRetry={retry} />
      )}
      {adding && groupId && (
        <Section
          title="Add a coupon"
          description="Type what the coupon says, keep a photo of it, and scan its barcode with the camera or from a photo."
        >
          <CouponForm groupId={groupId} onDone={() => setAdding(false)} />
        </Section>
      )}
      {!list.data && groupId && (
        <DataUnavailable
          what="the coupons"
          failure={COUPON_MESSAGES.loadFailed}
          failed={list.isError}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && coupons.length === 0 && (
        <p className="rounded-xl border border-dashed border-line p-5 text-sm text-ink-muted">
          No coupons yet. Add the ones you have, with their code or barcode, and everyone in the group can use them and
          say whether they still work.
        </p>
      )}
      {coupons.length > 0 && (
        <ul aria-label="Coupons" className="space-y-2">
          {coupons.map((coupon) => {
            const expanded = open === coupon.id;
            return (
              <li key={coupon.id} className="rounded-xl border border-line bg-surface">
                <button
                  type="button"
                  aria-expanded={expanded}
                  className="flex w-full items-start justify-between gap-3 p-4 text-left focus-visible:outline-3 focus-visible:outline-focus"
                  onClick={() => setOpen(expanded ? null : coupon.id)}
                >
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{coupon.title}</span>
                    <span className="block text-sm break-words text-ink-muted">
                      {coupon.store} · {discountLabel(coupon)}
                      {coupon.expiresOn && ` · until ${coupon.expiresOn}`}
                    </span>
                  </span>
                  <StatusChip coupon={coupon} />
                </button>
                {expanded && groupId && (
                  <div className="border-t border-line p-4">
                    <CouponCard groupId={groupId} coupon={coupon} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {groupId && <CouponAnalysisSection groupId={groupId} />}
      {groupId && <ShoppingMatchSection groupId={groupId} />}
    </div>
  );
}
