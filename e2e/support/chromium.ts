import fs from "node:fs";
import { type Browser, type BrowserServer, chromium } from "playwright-core";

/** Debian's Chromium; tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/** Flags for a headless run as root on a machine with no outside network (see README). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

/** One Chromium for the whole browser suite: each test file connects to it (e2e/support/session.ts). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

export function connectToChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
