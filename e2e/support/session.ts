import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { connectToChromium } from "./chromium.js";

/** Playwright waits this long for an element before a test fails with a clear locator error. */
const ACTION_TIMEOUT_MS = 10_000;

export interface BrowserSession {
  /** A fresh context (own storage, permissions, colour scheme) closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh context signed in as `client` is (its session cookie, for its server). */
  signedInContext(client: SignedInClient, options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * The one page of a context the file's tests with the same `key` share, kept open until the
   * file ends: for tests that only look at pages and leave nothing behind. The app's code is then
   * loaded and compiled once per context, and no renderer is started per test.
   */
  pageInSharedContext(key: string, options?: BrowserContextOptions): Promise<Page>;
}

/** What signedInContext needs of a signed-in HTTP client (tests/helpers/http-client.ts). */
export interface SignedInClient {
  readonly baseUrl: string;
  cookie(name: string): string | undefined;
}

/**
 * The suite's Chromium (started once by e2e/support/global-setup.ts), one context per test: call
 * at the top of a describe block.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  const shared = new Map<string, Promise<Page>>();

  beforeAll(async () => {
    browser = await connectToChromium(inject("chromiumEndpoint"));
  });
  afterEach(async (test) => {
    if (test.task.result?.state === "fail") await reportPages(test.task.name, await Promise.all(shared.values()), open);
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    shared.clear();
    // Closes the contexts this file made, the shared pages' among them, and disconnects.
    await browser?.close();
  });

  async function createContext(options: BrowserContextOptions): Promise<BrowserContext> {
    if (!browser)
      throw new Error("useBrowser(): the browser is not running (call it inside describe, use it inside it)");
    // The service worker precaches the whole app when it installs: a hundred requests per context
    // that only the offline tests want (they ask for it with serviceWorkers: "allow").
    const context = await browser.newContext({ serviceWorkers: "block", ...options });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.on("page", recordPageEvents);
    return context;
  }

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await createContext(options);
    open.push(context);
    return context;
  }

  async function pageInSharedContext(key: string, options: BrowserContextOptions = {}): Promise<Page> {
    let page = shared.get(key);
    if (!page) shared.set(key, (page = createContext(options).then((context) => context.newPage())));
    return page;
  }

  async function signedInContext(client: SignedInClient, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const session = client.cookie("tandem_session");
    if (!session) throw new Error("signedInContext(): the client has no session; sign it in first");
    const context = await newContext(options);
    await context.addCookies([{ name: "tandem_session", value: session, url: client.baseUrl }]);
    return context;
  }

  return {
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    signedInContext,
    pageInSharedContext,
  };
}

/** What each page logged, kept for the report of a failed test. */
const pageEvents = new WeakMap<Page, string[]>();
const EVENTS_KEPT = 40;

function recordPageEvents(page: Page): void {
  const events: string[] = [];
  pageEvents.set(page, events);
  const keep = (line: string) => {
    events.push(line);
    if (events.length > EVENTS_KEPT) events.shift();
  };
  page.on("console", (message) => keep(`console.${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => keep(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => keep(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) keep(`navigated: ${frame.url()}`);
  });
}

/**
 * A failed test's pages as the user saw them (address, visible text, what they logged), on stderr:
 * a failure that happens only in a full CI run can then be read from its log.
 */
async function reportPages(testName: string, pages: Page[], contexts: BrowserContext[]): Promise<void> {
  const all = new Set([...pages, ...contexts.flatMap((context) => context.pages())]);
  for (const page of all) {
    if (page.isClosed()) continue;
    const text = await page
      .evaluate(() => document.body?.innerText ?? "")
      .catch((error: Error) => `(could not read: ${error.message})`);
    const report = [
      `── page of the failed test "${testName}": ${page.url()}`,
      text.replace(/\n+/g, " | ").slice(0, 1500),
      ...(pageEvents.get(page) ?? []).map((line) => `  ${line.slice(0, 300)}`),
    ];
    process.stderr.write(`${report.join("\n")}\n`);
  }
}

/**
 * Console errors and uncaught exceptions of a page, collected from now on. Chromium's own line for
 * a request made while a test holds the context offline is left out: the request failing is what
 * the test asked for (what the app does about it is checked on screen), and whether a refetch or
 * a connectivity check falls inside that window depends on the machine's speed.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/.test(message.text())) return;
    // Chromium's "Failed to load resource" line names no address: the location says which request.
    const where = message.location().url;
    errors.push(`console.error: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Counts the page's HTTP requests still waiting for an answer, from now on; `settled()` resolves
 * once none is. For a test that must act only after what the page asked for has been answered
 * (the refetch a live channel's greeting starts, say).
 */
export function trackRequests(page: Page): { settled(): Promise<void> } {
  const pending = new Set<unknown>();
  page.on("request", (request) => pending.add(request));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
  return {
    async settled() {
      await expect.poll(() => pending.size, { interval: 20 }).toBe(0);
    },
  };
}
