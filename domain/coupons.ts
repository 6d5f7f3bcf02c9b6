import { z } from "zod";
import { BARCODE_FORMATS, barcodeProblem } from "./coupon-barcodes.js";
import { COUPON_STATUSES, COUPON_VOTES, couponProblem, DISCOUNT_KINDS } from "./coupon-rules.js";
import { calendarDateSchema, storableText } from "./fields.js";

/** The digital-coupons module's API (docs/coupons.md): what requests carry and answers hold. */

export const COUPON_MESSAGES = {
  notFound: "Coupon not found",
  creatorOrOwnerOnly: "Only the member who added the coupon or the group's owner can change or delete it",
  loadFailed: "The coupons could not be loaded.",
  photoTooLarge: "The photo is larger than 2 MB. Take it again or choose a smaller one.",
  photoType: "The photo must be a JPEG, PNG or WebP image",
  photoMissing: "Choose a photo to send",
  photoNotFound: "This coupon has no photo",
} as const;

/** A coupon's photo as stored: the web app shrinks it to about 1600 px and well under this first. */
export const COUPON_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- a coupon's terms keep their line breaks and tabs
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** One line of text, trimmed, without control characters. */
function line(max: number, what: string) {
  return storableText()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), `${what} contains a control character`);
}

/** A date a coupon can carry: a real day of the years 1900–9999 (year 0 is no coupon's). */
const couponDate = calendarDateSchema.refine(
  (value) => Number(value.slice(0, 4)) >= 1900,
  "Use a real date like 2026-12-24",
);

const cents = (what: string) =>
  z
    .number({ error: `${what} is a whole number of cents` })
    .int(`${what} is a whole number of cents`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000, `${what} is too large`);

export const barcodeSchema = z
  .object({
    format: z.enum(BARCODE_FORMATS, { error: "Pick a barcode type" }),
    value: line(500, "The barcode").min(1, "Type the barcode's number"),
  })
  .superRefine((barcode, context) => {
    const problem = barcodeProblem(barcode.format, barcode.value);
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["value"] });
  });

const fields = {
  store: line(100, "The store").min(1, "Name the store"),
  title: line(200, "The title").min(1, "Give the coupon a title"),
  productKeys: z.array(line(50, "A product word").min(1, "A product word is empty")).max(20, "Up to 20 product words"),
  brand: line(100, "The brand").nullable(),
  discountKind: z.enum(DISCOUNT_KINDS, { error: "Pick a kind of discount" }),
  /** Percent 1–100, cents for an amount off or a fixed price, null for buy one get one. */
  discountValue: z.number({ error: "The discount is a whole number" }).int("The discount is a whole number").nullable(),
  currency: storableText().regex(/^[A-Z]{3}$/, "Use a currency code like EUR"),
  minimumPurchase: cents("The minimum purchase").nullable(),
  typicalPrice: cents("The typical price").nullable(),
  validFrom: couponDate.nullable(),
  expiresOn: couponDate.nullable(),
  code: line(100, "The code").nullable(),
  barcode: barcodeSchema.nullable(),
  terms: storableText()
    .trim()
    .max(2000, "The terms are at most 2000 characters")
    .refine((value) => !CONTROL_BUT_LINES.test(value), "The terms contain a control character")
    .nullable(),
  singleUse: z.boolean(),
};

/** Empty optional text is no value. */
const emptyToNull = <T>(value: T) => (value === "" ? null : value);

export const couponPatchSchema = z
  .object({
    ...fields,
    brand: fields.brand.transform(emptyToNull),
    code: fields.code.transform(emptyToNull),
    terms: fields.terms.transform(emptyToNull),
  })
  .partial()
  .strict();
export type CouponPatch = z.infer<typeof couponPatchSchema>;

export const couponCreateSchema = couponPatchSchema
  .required({ store: true, title: true, discountKind: true })
  .transform((body) => ({
    productKeys: [],
    brand: null,
    discountValue: null,
    currency: "EUR",
    minimumPurchase: null,
    typicalPrice: null,
    validFrom: null,
    expiresOn: null,
    code: null,
    barcode: null,
    terms: null,
    singleUse: false,
    ...body,
  }))
  .superRefine((coupon, context) => {
    const problem = couponProblem(coupon);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
export type CouponInput = z.output<typeof couponCreateSchema>;

const id = storableText().min(1).max(100);
export const groupParams = z.object({ groupId: id });
export const couponParams = groupParams.extend({ couponId: id });
export const voteBodySchema = z.object({
  vote: z.enum(COUPON_VOTES, { error: "Vote worked, didnt_work, expired or used" }),
});
export const confirmMatchSchema = z.object({
  couponId: id,
  itemKey: line(200, "The item").min(1),
  confirmed: z.boolean(),
});

const voteCounts = z.object({ worked: z.number(), didnt_work: z.number(), expired: z.number(), used: z.number() });

export const couponSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  store: z.string(),
  title: z.string(),
  productKeys: z.array(z.string()),
  brand: z.string().nullable(),
  discountKind: z.enum(DISCOUNT_KINDS),
  discountValue: z.number().nullable(),
  currency: z.string(),
  minimumPurchase: z.number().nullable(),
  typicalPrice: z.number().nullable(),
  validFrom: z.string().nullable(),
  expiresOn: z.string().nullable(),
  code: z.string().nullable(),
  barcode: z.object({ format: z.enum(BARCODE_FORMATS), value: z.string() }).nullable(),
  terms: z.string().nullable(),
  singleUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(COUPON_STATUSES),
  votes: voteCounts,
  myVote: z.enum(COUPON_VOTES).nullable(),
  /** Days from today to the expiry day in the group's zone (0: its last day); null: never expires. */
  daysLeft: z.number().nullable(),
  /** Whether the caller may change or delete it (its creator or the group's owner). */
  canEdit: z.boolean(),
  /** Where its photo is, versioned by when it was set (a new photo is a new address); null: none. */
  photoUrl: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = z.object({ timeZone: z.string(), coupons: z.array(couponSchema) });
export type CouponList = z.infer<typeof couponListSchema>;

const savingsRow = { saved: z.number(), uses: z.number(), unknown: z.number() };
const couponRef = z.object({
  id: z.string(),
  title: z.string(),
  store: z.string(),
  expiresOn: z.string().nullable(),
  daysLeft: z.number().nullable(),
});

export const couponAnalysisSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  saved: z.object(savingsRow),
  byMonth: z.array(z.object({ month: z.string(), ...savingsRow })),
  byStore: z.array(z.object({ store: z.string(), ...savingsRow })),
  active: z.object({ count: z.number(), value: z.number(), unknown: z.number() }),
  expiringSoon: z.array(couponRef),
  expiredUnused: z.array(couponRef),
});
export type CouponAnalysis = z.infer<typeof couponAnalysisSchema>;

export const shoppingMatchesSchema = z.object({
  items: z.array(
    z.object({
      taskId: z.string(),
      title: z.string(),
      itemKey: z.string(),
      matches: z.array(
        z.object({
          couponId: z.string(),
          title: z.string(),
          store: z.string(),
          confidence: z.enum(["confident", "possible"]),
          confirmed: z.boolean(),
          reason: z.string(),
        }),
      ),
    }),
  ),
});
export type ShoppingMatches = z.infer<typeof shoppingMatchesSchema>;

export const confirmMatchResultSchema = z.object({ couponId: z.string(), itemKey: z.string(), confirmed: z.boolean() });
