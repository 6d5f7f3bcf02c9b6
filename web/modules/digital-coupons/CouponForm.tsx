import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { BARCODE_FORMATS, BARCODE_LABELS, type BarcodeFormat } from "../../../domain/coupon-barcodes";
import { type DiscountKind } from "../../../domain/coupon-rules";
import type { Coupon, CouponInput } from "../../../domain/coupons";
import { errorMessage } from "../../api/http";
import { buttonClass, inputClass, labelClass } from "../../components/form";
import { TextField } from "../../components/TextField";
import { isOnline } from "../../offline/connectivity";
import { couponKeys, createCoupon, patchCoupon, removeCouponPhoto, setCouponPhoto } from "./api";
import { BarcodeScanner } from "./BarcodeScanner";
import { centsOf, centsText } from "./labels";
import { COUPONS_OFFLINE } from "./OfflineNote";
import { type PhotoChoice, PhotoField } from "./PhotoField";

/** The coupon was saved, its photo not: said as such, so the member knows what to try again. */
class PhotoNotSaved extends Error {}

const KIND_LABELS: Record<DiscountKind, string> = {
  percent: "Percent off",
  amount: "Amount off",
  fixed_price: "Fixed price",
  bogo: "Buy one, get one",
};

function initial(coupon?: Coupon) {
  return {
    store: coupon?.store ?? "",
    title: coupon?.title ?? "",
    productKeys: coupon?.productKeys.join(", ") ?? "",
    brand: coupon?.brand ?? "",
    discountKind: coupon?.discountKind ?? ("percent" as DiscountKind),
    discountValue:
      (coupon?.discountValue ?? null) === null
        ? ""
        : coupon!.discountKind === "percent"
          ? String(coupon!.discountValue)
          : centsText(coupon!.discountValue!),
    minimumPurchase: centsText(coupon?.minimumPurchase ?? null),
    typicalPrice: centsText(coupon?.typicalPrice ?? null),
    validFrom: coupon?.validFrom ?? "",
    expiresOn: coupon?.expiresOn ?? "",
    code: coupon?.code ?? "",
    barcodeFormat: coupon?.barcode?.format ?? ("ean13" as BarcodeFormat),
    barcodeValue: coupon?.barcode?.value ?? "",
    terms: coupon?.terms ?? "",
    singleUse: coupon?.singleUse ?? false,
  };
}

type Fields = ReturnType<typeof initial>;

/** The body the API takes, or the first thing to fix before sending. */
function bodyOf(fields: Fields): { body: Omit<CouponInput, "currency"> } | { problem: string } {
  const money = { minimumPurchase: centsOf(fields.minimumPurchase), typicalPrice: centsOf(fields.typicalPrice) };
  if (Number.isNaN(money.minimumPurchase) || Number.isNaN(money.typicalPrice))
    return { problem: "Write amounts like 2.49" };
  let discountValue: number | null = null;
  if (fields.discountKind === "percent") discountValue = fields.discountValue ? Number(fields.discountValue) : null;
  else if (fields.discountKind !== "bogo") discountValue = centsOf(fields.discountValue);
  if (Number.isNaN(discountValue)) return { problem: "Write the discount like 20 or 1.50" };
  return {
    body: {
      store: fields.store,
      title: fields.title,
      productKeys: fields.productKeys
        .split(",")
        .map((word) => word.trim())
        .filter(Boolean),
      brand: fields.brand.trim() || null,
      discountKind: fields.discountKind,
      discountValue,
      ...money,
      validFrom: fields.validFrom || null,
      expiresOn: fields.expiresOn || null,
      code: fields.code.trim() || null,
      barcode: fields.barcodeValue.trim() ? { format: fields.barcodeFormat, value: fields.barcodeValue.trim() } : null,
      terms: fields.terms.trim() || null,
      singleUse: fields.singleUse,
    },
  };
}

/** Adds a coupon, or changes one (`coupon`): every field, the barcode typed or scanned. */
export function CouponForm({ groupId, coupon, onDone }: { groupId: string; coupon?: Coupon; onDone: () => void }) {
  const client = useQueryClient();
  const [fields, setFields] = useState(() => initial(coupon));
  const [problem, setProblem] = useState<string | null>(null);
  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) =>
      setFields((old) => ({ ...old, [key]: value }));
  const [photo, setPhoto] = useState<PhotoChoice>({ kind: "keep" });
  // A new coupon saved whose photo then failed: trying again changes that coupon, never adds a second.
  const created = useRef<Coupon | null>(null);
  const ids = { kind: useId(), format: useId(), terms: useId(), single: useId() };
  const refresh = () => client.invalidateQueries({ queryKey: couponKeys.group(groupId) });
  const save = useMutation({
    mutationFn: async (body: Omit<CouponInput, "currency">) => {
      const existing = coupon ?? created.current;
      const saved = existing ? await patchCoupon(groupId, existing.id, body) : await createCoupon(groupId, body);
      if (!coupon) created.current = saved;
      try {
        if (photo.kind === "new") await setCouponPhoto(groupId, saved.id, photo.photo);
        if (photo.kind === "remove" && saved.photoUrl) await removeCouponPhoto(groupId, saved.id);
      } catch (error) {
        throw new PhotoNotSaved(errorMessage(error));
      }
    },
    onSuccess: async () => {
      await refresh();
      onDone();
    },
    onError: (error) => {
      if (error instanceof PhotoNotSaved) {
        setProblem(`The coupon was saved, but not its photo. ${error.message}`);
        void refresh();
      } else setProblem(errorMessage(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = bodyOf(fields);
    if ("problem" in result) return setProblem(result.problem);
    // Sent now or not at all: a write made offline would wait unseen, the form looking stuck.
    if (!isOnline()) return setProblem(COUPONS_OFFLINE);
    setProblem(null);
    save.mutate(result.body);
  }

  const valueLabel =
    fields.discountKind === "percent" ? "Percent off" : fields.discountKind === "amount" ? "Amount off" : "Fixed price";
  return (
    <form onSubmit={submit} aria-label={coupon ? "Edit coupon" : "Add a coupon"} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Store" value={fields.store} onChange={set("store")} required maxLength={100} />
        <TextField label="Title" value={fields.title} onChange={set("title")} required maxLength={200} />
        <TextField
          label="Products (comma separated)"
          value={fields.productKeys}
          onChange={set("productKeys")}
          placeholder="coffee, oat milk"
        />
        <TextField label="Brand" value={fields.brand} onChange={set("brand")} maxLength={100} />
        <div>
          <label htmlFor={ids.kind} className={labelClass}>
            Discount
          </label>
          <select
            id={ids.kind}
            className={inputClass}
            value={fields.discountKind}
            onChange={(event) => set("discountKind")(event.target.value as DiscountKind)}
          >
            {Object.entries(KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {fields.discountKind !== "bogo" && (
          <TextField
            label={valueLabel}
            value={fields.discountValue}
            onChange={set("discountValue")}
            inputMode="decimal"
            required
          />
        )}
        <TextField
          label="Typical price (to count savings)"
          value={fields.typicalPrice}
          onChange={set("typicalPrice")}
          inputMode="decimal"
        />
        <TextField
          label="Minimum purchase"
          value={fields.minimumPurchase}
          onChange={set("minimumPurchase")}
          inputMode="decimal"
        />
        <TextField label="Valid from" type="date" value={fields.validFrom} onChange={set("validFrom")} />
        <TextField label="Expires on" type="date" value={fields.expiresOn} onChange={set("expiresOn")} />
        <TextField label="Code" value={fields.code} onChange={set("code")} maxLength={100} />
      </div>
      <fieldset className="space-y-3 rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-medium">Barcode</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.format} className={labelClass}>
              Barcode type
            </label>
            <select
              id={ids.format}
              className={inputClass}
              value={fields.barcodeFormat}
              onChange={(event) => set("barcodeFormat")(event.target.value as BarcodeFormat)}
            >
              {BARCODE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {BARCODE_LABELS[format]}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Barcode number" value={fields.barcodeValue} onChange={set("barcodeValue")} />
        </div>
        <BarcodeScanner
          onScanned={({ format, value }) =>
            setFields((old) => ({ ...old, barcodeFormat: format, barcodeValue: value }))
          }
        />
      </fieldset>
      <PhotoField currentUrl={coupon?.photoUrl ?? null} choice={photo} onChange={setPhoto} />
      <div>
        <label htmlFor={ids.terms} className={labelClass}>
          Terms
        </label>
        <textarea
          id={ids.terms}
          className={inputClass}
          rows={2}
          maxLength={2000}
          value={fields.terms}
          onChange={(event) => set("terms")(event.target.value)}
        />
      </div>
      <label htmlFor={ids.single} className="flex items-center gap-2 text-sm">
        <input
          id={ids.single}
          type="checkbox"
          checked={fields.singleUse}
          onChange={(event) => set("singleUse")(event.target.checked)}
        />
        Single use (works once for the whole group)
      </label>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {coupon ? "Save changes" : "Add coupon"}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
