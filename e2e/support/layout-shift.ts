import type { Page } from "playwright-core";

/**
 * Layout shift of a page load in Chromium, from the browser's own `layout-shift` entries
 * (PerformanceObserver, buffered). Shifts right after the user's input are left out, as CLS does;
 * the rest are summed over the whole load, which is at least the page's CLS (CLS takes the worst
 * window of shifts, this takes all of them). Used by the browser tests and `npm run bench`.
 */

export interface LayoutShift {
  value: number;
  /** What moved: "tag#id.class" of each source node, as far as the browser says. */
  sources: string[];
}

export interface PageLayoutShift {
  total: number;
  shifts: LayoutShift[];
}

declare global {
  interface Window {
    __layoutShifts?: LayoutShift[];
  }
}

/**
 * Records every layout shift from the start of the page, before the page's own scripts run. A
 * string, not a function: the test runner's TypeScript transform wraps named functions in a
 * helper that does not exist in the page.
 */
const RECORDER = `(() => {
  const shifts = [];
  window.__layoutShifts = shifts;
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : "?";
    const id = node.id ? "#" + node.id : "";
    const classes = [...node.classList].slice(0, 4).map((name) => "." + name).join("");
    const text = (node.textContent || "").trim().slice(0, 30);
    return node.tagName.toLowerCase() + id + classes + (text ? ' "' + text + '"' : "");
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, sources: (entry.sources || []).map((source) => describe(source.node)) });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();`;

/** Starts recording before the page's own scripts run (call once per page, before goto). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(RECORDER);
}

/**
 * After a page has loaded: waits until the app has rendered, the network is idle, fonts are in
 * and two frames have been drawn (so every shift of the load is reported), then reads the shifts.
 */
export async function settledLayoutShift(page: Page): Promise<PageLayoutShift> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return !root || Object.keys(root).some((key) => key.startsWith("__reactContainer$"));
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/**
 * A phone on a slow mobile network, as Lighthouse simulates one (150 ms round trips, 1.6 Mbit/s
 * down, a CPU four times slower): what loads after the first render arrives late enough to move
 * what is already on screen. On this machine's loopback everything arrives in the first frame and
 * no shift would show.
 */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  if (process.env.LAYOUT_SHIFT_CPU) await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Loads `url` in `page` (a fresh one: the recording starts with it) and returns its layout shift. */
export async function layoutShiftOfLoad(
  page: Page,
  url: string,
  options: { throttled?: boolean } = {},
): Promise<PageLayoutShift> {
  await recordLayoutShifts(page);
  if (options.throttled) await throttle(page);
  await page.goto(url, { waitUntil: "load" });
  return settledLayoutShift(page);
}
