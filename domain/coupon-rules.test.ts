import { describe, expect, it } from "vitest";
import { analyzeCoupons } from "./coupon-analysis.js";
import { barcodeProblem, formatOfZxing, hasValidCheckDigit } from "./coupon-barcodes.js";
import { itemKeyOf, matchCoupon, normalizeWord } from "./coupon-matching.js";
import { countVotes, couponStatus, daysLeft, savingOf } from "./coupon-rules.js";
import type { Coupon } from "./coupons.js";

const BERLIN = "Europe/Berlin";
const none = countVotes([]);

describe("a coupon's status", () => {
  const coupon = { singleUse: false, expiresOn: null, votes: none };
  const at = new Date("2026-03-01T12:00:00Z");

  it("is active without votes, flagged at two didn't-work votes, not at one", () => {
    expect(couponStatus(coupon, "UTC", at)).toBe("active");
    expect(couponStatus({ ...coupon, votes: countVotes(["didnt_work"]) }, "UTC", at)).toBe("active");
    expect(couponStatus({ ...coupon, votes: countVotes(["didnt_work", "didnt_work", "worked"]) }, "UTC", at)).toBe(
      "flagged",
    );
  });

  it("is used once someone used a single-use coupon; a reusable one stays active", () => {
    expect(couponStatus({ ...coupon, singleUse: true, votes: countVotes(["used"]) }, "UTC", at)).toBe("used");
    expect(couponStatus({ ...coupon, votes: countVotes(["used", "used"]) }, "UTC", at)).toBe("active");
  });

  it("is expired when two members say so", () => {
    expect(couponStatus({ ...coupon, votes: countVotes(["expired"]) }, "UTC", at)).toBe("active");
    expect(couponStatus({ ...coupon, votes: countVotes(["expired", "expired"]) }, "UTC", at)).toBe("expired");
  });

  it("expires at the end of its day in the group's zone, across the night clocks go forward", () => {
    // 29 March 2026: Berlin goes from UTC+1 to UTC+2 at 02:00; the day ends at 22:00 UTC.
    const expiring = { ...coupon, expiresOn: "2026-03-29" };
    expect(couponStatus(expiring, BERLIN, new Date("2026-03-29T21:59:00Z"))).toBe("active"); // 23:59 in Berlin
    expect(couponStatus(expiring, BERLIN, new Date("2026-03-29T22:00:00Z"))).toBe("expired"); // 00:00 in Berlin
    // The night before: 00:00 on the 29th in Berlin is still 23:00 UTC on the 28th.
    expect(couponStatus({ ...coupon, expiresOn: "2026-03-28" }, BERLIN, new Date("2026-03-28T22:59:00Z"))).toBe(
      "active",
    );
    expect(couponStatus({ ...coupon, expiresOn: "2026-03-28" }, BERLIN, new Date("2026-03-28T23:00:00Z"))).toBe(
      "expired",
    );
    // In UTC the same instant is still the 29th.
    expect(couponStatus(expiring, "UTC", new Date("2026-03-29T22:00:00Z"))).toBe("active");
  });

  it("counts days left in the group's zone", () => {
    expect(daysLeft("2026-03-29", BERLIN, new Date("2026-03-29T21:59:00Z"))).toBe(0);
    expect(daysLeft("2026-03-29", BERLIN, new Date("2026-03-29T22:00:00Z"))).toBe(-1);
    expect(daysLeft("2026-04-05", BERLIN, new Date("2026-03-29T10:00:00Z"))).toBe(7);
    expect(daysLeft(null, BERLIN, new Date())).toBeNull();
  });
});

describe("check digits", () => {
  it("accepts real EAN-13, EAN-8 and UPC-A numbers and refuses a wrong last digit", () => {
    expect(hasValidCheckDigit("4006381333931")).toBe(true);
    expect(hasValidCheckDigit("4006381333932")).toBe(false);
    expect(hasValidCheckDigit("96385074")).toBe(true);
    expect(hasValidCheckDigit("036000291452")).toBe(true);
    expect(barcodeProblem("ean13", "4006381333932")).toBe("That EAN-13 number's check digit is wrong");
    expect(barcodeProblem("upca", "036000291453")).toBe("That UPC-A number's check digit is wrong");
    expect(barcodeProblem("ean13", "12345")).toBe("An EAN-13 number has 13 digits");
    expect(barcodeProblem("qrcode", "https://example.org/c/1")).toBeNull();
    expect(barcodeProblem("code39", "lower")).not.toBeNull();
  });

  it("reads the decoder's names, variants included", () => {
    expect(formatOfZxing("EAN13")).toBe("ean13");
    expect(formatOfZxing("QRCodeModel2")).toBe("qrcode");
    expect(formatOfZxing("MicroQRCode")).toBeNull();
  });
});

describe("matching a shopping item", () => {
  it("folds case, umlauts and plurals", () => {
    expect(normalizeWord("Äpfel")).toBe("apfel");
    expect(normalizeWord("Berries")).toBe("berry");
    expect(normalizeWord("Tomatoes")).toBe("tomato");
    expect(normalizeWord("eggs")).toBe("egg");
    expect(normalizeWord("glass")).toBe("glass");
    expect(itemKeyOf("2 l Oat Milk")).toBe("oat milk");
  });

  it("is confident on a product word or brand, possible on a look-alike, nothing otherwise", () => {
    expect(matchCoupon("Coffee beans", { productKeys: ["coffee"], brand: null })?.confidence).toBe("confident");
    expect(matchCoupon("2 l Oat milk", { productKeys: ["oat milk"], brand: null })?.confidence).toBe("confident");
    expect(matchCoupon("Müller Joghurt", { productKeys: [], brand: "Muller" })?.confidence).toBe("confident");
    expect(matchCoupon("Apples", { productKeys: ["apple"], brand: null })?.confidence).toBe("confident");
    expect(matchCoupon("Buttermilk", { productKeys: ["milk"], brand: null })?.confidence).toBe("possible");
    expect(matchCoupon("Buttermilk", { productKeys: ["butter"], brand: null })?.confidence).toBe("possible");
    expect(matchCoupon("Cofee", { productKeys: ["coffee"], brand: null })?.confidence).toBe("possible");
    expect(matchCoupon("Bread", { productKeys: ["coffee"], brand: "Lavazza" })).toBeNull();
  });
});

describe("savings", () => {
  it("counts an amount off, a percent of the typical price, and unknown without one", () => {
    const base = { currency: "EUR", typicalPrice: null };
    expect(savingOf({ ...base, discountKind: "amount", discountValue: 150 })).toBe(150);
    expect(savingOf({ ...base, discountKind: "percent", discountValue: 20 })).toBeNull();
    expect(savingOf({ ...base, discountKind: "percent", discountValue: 20, typicalPrice: 499 })).toBe(100);
    expect(savingOf({ ...base, discountKind: "fixed_price", discountValue: 199, typicalPrice: 299 })).toBe(100);
    expect(savingOf({ ...base, discountKind: "bogo", discountValue: null, typicalPrice: 250 })).toBe(250);
  });

  it("sums uses by month and store, a single-use coupon once", () => {
    const coupon = (id: string, extra: Partial<Coupon>): Coupon =>
      ({
        id,
        title: id,
        store: "Rewe",
        discountKind: "amount",
        discountValue: 100,
        currency: "EUR",
        typicalPrice: null,
        singleUse: false,
        status: "active",
        daysLeft: null,
        expiresOn: null,
        votes: countVotes([]),
        ...extra,
      }) as Coupon;
    const coupons = [
      coupon("a", {}),
      coupon("b", { store: "Lidl", discountKind: "percent", discountValue: 10 }),
      coupon("c", { singleUse: true, status: "used", discountValue: 300 }),
      coupon("d", { status: "expired", expiresOn: "2026-01-01" }),
      coupon("e", { daysLeft: 3, expiresOn: "2026-03-04" }),
    ];
    const uses = [
      { couponId: "a", at: "2026-02-10T10:00:00Z" },
      { couponId: "a", at: "2026-03-01T10:00:00Z" },
      { couponId: "b", at: "2026-03-02T10:00:00Z" },
      { couponId: "c", at: "2026-03-02T10:00:00Z" },
      { couponId: "c", at: "2026-03-03T10:00:00Z" },
    ];
    const result = analyzeCoupons(coupons, uses, "UTC");
    expect(result.saved).toEqual({ saved: 500, uses: 4, unknown: 1 });
    expect(result.byMonth).toEqual([
      { month: "2026-02", saved: 100, uses: 1, unknown: 0 },
      { month: "2026-03", saved: 400, uses: 3, unknown: 1 },
    ]);
    expect(result.byStore).toEqual([
      { store: "Rewe", saved: 500, uses: 3, unknown: 0 },
      { store: "Lidl", saved: 0, uses: 1, unknown: 1 },
    ]);
    expect(result.active).toEqual({ count: 3, value: 200, unknown: 1 });
    expect(result.expiringSoon.map((row) => row.id)).toEqual(["e"]);
    expect(result.expiredUnused.map((row) => row.id)).toEqual(["d"]);
  });
});
