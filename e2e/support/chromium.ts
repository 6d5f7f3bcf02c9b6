import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserServer, chromium } from "playwright-core";

/** Debian's Chromium; tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/**
 * Features Playwright switches off (its own `--disable-features`, which a second such flag would
 * replace, so it is repeated here), then the address bar's popup: every window of this Chromium
 * prerenders it in a renderer process of its own, about a third of the CPU a test's fresh context
 * cost (docs/benchmarks.md, "Test suite"). No test uses the address bar.
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

/** Flags for a headless run as root on a machine with no outside network (see README). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
] as const;

/**
 * For the suite's browser: a fake microphone that plays the recorded phrase in a loop, allowed
 * without a prompt (the assistant's voice input, e2e/assistant.test.ts).
 */
const FAKE_MICROPHONE_FLAGS = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-audio-capture=${path.resolve(import.meta.dirname, "../../tests/fixtures/voice/buy-milk-tomorrow.wav")}`,
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

/** One Chromium for the whole browser suite: each test file connects to it (e2e/support/session.ts). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...FAKE_MICROPHONE_FLAGS],
  });
}

export function connectToChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
