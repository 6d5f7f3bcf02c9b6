import bwipjs from "bwip-js/node";
import sharp from "sharp";
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
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
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

  it("keeps a photo of a coupon, made small on the phone, opens it larger, and replaces and removes it", async () => {
    const { client } = await signUp(baseUrl, "Photo Clipper");
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/digital-coupons`);
    await page.getByText("No coupons yet.").waitFor();

    // A phone camera's photo, 4000 × 3000: sent at 1600 px on its long side, as a JPEG.
    const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#d9482b" } })
      .png()
      .toBuffer();
    await page.getByRole("button", { name: "Add a coupon" }).click();
    const form = page.getByRole("form", { name: "Add a coupon" });
    await form.getByLabel("Store").fill("Lidl");
    await form.getByLabel("Title").fill("Coffee 2 € off");
    await form.getByLabel("Discount").selectOption("amount");
    await form.getByLabel("Amount off").fill("2");
    await form.getByLabel("Code", { exact: true }).fill("COFFEE2");
    await form
      .getByLabel("Choose a photo")
      .setInputFiles({ name: "coupon.png", mimeType: "image/png", buffer: camera });
    await form.getByRole("img", { name: "The new photo of the coupon" }).waitFor();
    await form.getByRole("button", { name: "Add coupon" }).click();

    const row = page.getByRole("list", { name: "Coupons" }).getByRole("button", { name: /Coffee 2 € off/ });
    await row.click();
    const thumbnail = page.getByRole("button", { name: "Open the photo of “Coffee 2 € off” larger" });
    await thumbnail.waitFor();
    const sent = await thumbnail.locator("img").evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      const response = await fetch(image.src);
      return {
        width: image.naturalWidth,
        height: image.naturalHeight,
        type: response.headers.get("content-type"),
        bytes: (await response.blob()).size,
      };
    });
    expect(sent).toMatchObject({ width: 1600, height: 1200, type: "image/jpeg" });
    expect(sent.bytes).toBeLessThan(2 * 1024 * 1024);

    await thumbnail.click();
    const larger = page.getByRole("dialog", { name: "Photo of “Coffee 2 € off”" });
    const big = larger.getByRole("img", { name: "The coupon “Coffee 2 € off” as photographed" });
    await big.waitFor();
    const box = (await big.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.keyboard.press("Escape");
    await larger.waitFor({ state: "hidden" });

    // Replaced by another photo: the card shows the new one.
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("form", { name: "Edit coupon" });
    await edit.getByRole("img", { name: "The coupon's photo" }).waitFor();
    const square = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#2b6cd9" } })
      .jpeg()
      .toBuffer();
    await edit
      .getByLabel("Take a photo")
      .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: square });
    await edit.getByRole("img", { name: "The new photo of the coupon" }).waitFor();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => thumbnail.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(800);

    // Without network the photo is not sent (coupon writes are not queued): the page says so.
    await page.getByRole("button", { name: "Edit" }).click();
    await edit
      .getByLabel("Choose a photo")
      .setInputFiles({ name: "again.jpg", mimeType: "image/jpeg", buffer: square });
    await edit.getByRole("img", { name: "The new photo of the coupon" }).waitFor();
    const offline = "You are offline: coupons and their photos can be added and changed once you are back online.";
    await context.setOffline(true);
    await page.getByRole("status").getByText(offline).waitFor();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.getByRole("alert").getByText(offline).waitFor();
    await context.setOffline(false);
    await page.getByRole("status").getByText(offline).waitFor({ state: "detached" });

    // Removed: the card has no photo any more.
    await edit.getByRole("button", { name: "Remove photo" }).click();
    await edit.getByText("The photo goes when you save.").waitFor();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await thumbnail.waitFor({ state: "detached" });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
