/**
 * Screenshots of pages in light and dark, desktop and 390 px phone, for looking at what we build.
 * Usage: tsx scripts/screenshot.ts http://localhost:3000 /about /settings  (writes to ./screenshots)
 * Signed-in pages: set SESSION_COOKIE to the value of a session cookie of that server.
 */
import fs from "node:fs";
import path from "node:path";
import { launchChromium } from "../e2e/support/chromium.js";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const outDir = path.resolve("screenshots");
fs.mkdirSync(outDir, { recursive: true });

const browser = await launchChromium();
try {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const [device, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      if (process.env.SESSION_COOKIE) {
        await context.addCookies([{ name: "tandem_session", value: process.env.SESSION_COOKIE, url: base }]);
      }
      const page = await context.newPage();
      for (const pagePath of paths.length ? paths : ["/"]) {
        await page.goto(base + pagePath, { waitUntil: "networkidle" });
        const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "root"}-${colorScheme}-${device}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        console.log(path.join(outDir, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
