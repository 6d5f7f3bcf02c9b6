import bwipjs from "bwip-js/node";
import { describe, expect, inject, it } from "vitest";
import { signUp } from "../tests/helpers/sign-in";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** /digital-coupons on a phone: a coupon added, its barcode drawn, a vote that changes its status, a photo scanned. */
describe("digital coupons", () => {
  const session = useBrowser();

  it("adds a coupon with an EAN-13, draws its barcode, votes, and scans a barcode from a photo", async () => {
    const { client } = await signUp(baseUrl, "Coupon Clipper");
    const context = await session.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "tandem_session", value: client.cookie("tandem_session")!, url: baseUrl }]);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/digital-coupons`);
    await page.getByText("No coupons yet.").waitFor();
    await page.getByText("The shopping list is empty").waitFor();

    await page.getByRole("button", { name: "Add a coupon" }).click();
    const form = page.getByRole("form", { name: "Add a coupon" });
    await form.getByLabel("Store").fill("Rewe");
    await form.getByLabel("Title").fill("Coffee 20 % off");
    await form.getByLabel("Percent off").fill("20");
    await form.getByLabel("Expires on").fill("2099-12-31");
    await form.getByLabel("Barcode number").fill("4006381333931");
    await form.getByLabel("Single use").check();
    await form.getByRole("button", { name: "Add coupon" }).click();

    const coupons = page.getByRole("list", { name: "Coupons" });
    const row = coupons.getByRole("button", { name: /Coffee 20 % off/ });
    await row.getByText("Active", { exact: true }).waitFor();
    await row.click();
    const barcode = page.getByRole("img", { name: "EAN-13 barcode 4006381333931" });
    await barcode.waitFor();
    expect(await barcode.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
    expect((await barcode.boundingBox())!.width).toBeGreaterThan(250);

    await page.getByRole("button", { name: /Used it/ }).click();
    await row.getByText("Used", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /Used it/ }).getAttribute("aria-pressed")).toBe("true");
    // The opened card (code, barcode, chips, votes, figures) in the light and the dark theme.
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    // A photo of a coupon's barcode fills in its type and number.
    await page.getByRole("button", { name: "Add a coupon" }).click();
    const png = await bwipjs.toBuffer({
      bcid: "ean13",
      text: "5901234123457",
      scale: 3,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: "FFFFFF",
    });
    await form
      .getByLabel("Scan from a photo")
      .setInputFiles({ name: "coupon.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => form.getByLabel("Barcode number").inputValue()).toBe("5901234123457");
    expect(await form.getByLabel("Barcode type").inputValue()).toBe("ean13");

    // Nothing on the phone's screen is wider than it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
