/**
 * `npm run bench:lighthouse`: Lighthouse scores of the built web app, served by the real server
 * (bench/app-server.ts, fresh SQLite file), in Debian's Chromium at /usr/bin/chromium, launched and
 * driven by playwright-core as in the browser tests (e2e/support/chromium.ts); Lighthouse connects
 * to the same browser through its remote debugging port.
 *
 * Lighthouse is not one of the project's dependencies: the first run installs it into
 * bench/lighthouse/ (its own package.json and lockfile; bench/lighthouse/install.ts), and only
 * bench/lighthouse/audit.ts imports it.
 *
 * Measures, and prints next to the goals:
 * 1. Lighthouse (12.x Node API, default config: mobile emulation, simulated throttling) scores for
 *    performance, accessibility, best practices and SEO of the public pages (the landing page "/", /about, and
 *    /blog and one guide when the page table in domain/pages.ts has them) and of the signed-in
 *    task list "/" (the session cookie is sent with Lighthouse's `extraHeaders`). Each page is
 *    audited LIGHTHOUSE_RUNS times (default 3) and the run with the median performance score is
 *    reported; for a category under its goal, its worst audits.
 * 2. Installability (Lighthouse 12 has no PWA category): the manifest's fields and icons, and
 *    /sw.js served as JavaScript.
 * 3. Offline start: "/" loaded once online (the service worker installs and takes control), then
 *    the network is cut with CDP (Network.emulateNetworkConditions, for the page and the worker:
 *    Playwright's context.setOffline sends it to both) and the page reloaded: it must come from the
 *    service worker and show the heading "Tasks".
 * 4. Initial JavaScript of "/" (gzip -9 of each file): the scripts dist/web/index.html references
 *    and their static imports, the same for the signed-in "/" as the server sends it (with the
 *    app's modulepreloads), and what the page actually loaded by network idle (including code
 *    loaded after the first render), for a visitor and for a signed-in user.
 *
 * LIGHTHOUSE_RUNS sets the runs per page; LIGHTHOUSE_PAGES=app,landing audits only those pages.
 *
 * Writes everything to bench/results/lighthouse.json. Goals missed are results, not failures: the
 * exit code is non-zero only when something could not be measured.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { PAGES } from "../domain/pages.js";
import { webBuildIsStale } from "../scripts/web-build.js";
import { signUp } from "../tests/helpers/sign-in.js";
import type { HttpClient } from "../tests/helpers/http-client.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium.js";
import { installedLighthouse } from "./lighthouse/install.js";
import { CATEGORIES, type Category, type Goals, METRICS, type PageResult, type Target } from "./lighthouse/results.js";
import { BENCH_DIR, ROOT, type Server, startServer, stopServer } from "./servers.js";

const RESULTS_FILE = path.join(BENCH_DIR, "results", "lighthouse.json");
const WEB_DIST = path.join(ROOT, "dist", "web");

const APP_GOALS: Goals = { performance: 90, accessibility: 95, "best-practices": 95 };
const PUBLIC_GOALS: Goals = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
const INITIAL_JS_GOAL_KB = 170;
/** Tasks in the signed-in user's list, so "/" shows a list and not an empty state. */
const TASKS_IN_LIST = 12;
const OFFLINE_TIMEOUT_MS = 20_000;
/** Quiet time after which a page's network counts as idle (no request in flight). */
const NETWORK_IDLE_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Set-up

function runs(): number {
  const raw = process.env.LIGHTHOUSE_RUNS ?? "3";
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer (got ${raw})`);
  return value;
}

/** `npm run build` output must exist; a missing build is made, a stale one only reported. */
function ensureBuild(): { builtAt: string | null; stale: boolean } {
  if (!fs.existsSync(path.join(WEB_DIST, "index.html"))) {
    console.log("dist/web/index.html is missing: building the web app (tsx scripts/build.ts)");
    execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "build.ts")], {
      cwd: ROOT,
      stdio: "inherit",
    });
  }
  const stale = webBuildIsStale();
  if (stale)
    console.log("note: dist/web is older than its sources; measuring the existing build (npm run build to refresh)");
  const stamp = path.join(WEB_DIST, ".build-stamp");
  return { builtAt: fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : null, stale };
}

/** The pages to audit: the public ones that exist in the page table, and the signed-in "/". */
function targets(): { targets: Target[]; skipped: string[] } {
  const publicPaths: string[] = PAGES.filter((page) => page.access === "public").map((page) => page.path);
  const guide = publicPaths.find((pagePath) => /guide/.test(pagePath));
  const wanted: { name: string; path: string | undefined; missing: string }[] = [
    // A visitor's "/" is the landing page (the spec's /landing leads there).
    { name: "landing", path: "/", missing: "/" },
    { name: "about", path: "/about", missing: "/about" },
    { name: "blog", path: "/blog", missing: "/blog" },
    { name: "guide", path: guide, missing: 'a guide (a public page with "guide" in its path)' },
  ];
  const found: Target[] = [];
  const skipped: string[] = [];
  for (const page of wanted) {
    if (page.path !== undefined && publicPaths.includes(page.path))
      found.push({ name: page.name, path: page.path, signedIn: false, goals: PUBLIC_GOALS });
    else skipped.push(`${page.missing}: not in the page table (domain/pages.ts)`);
  }
  found.push({ name: "app (signed in)", path: "/", signedIn: true, goals: APP_GOALS });
  // LIGHTHOUSE_PAGES=app,landing audits only those (by the first word of their name), to measure one change quickly.
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
  if (!only) return { targets: found, skipped };
  return { targets: found.filter((target) => only.includes(target.name.split(" ")[0]!)), skipped };
}

/** A user with a few tasks in the personal group; returns the session cookie's value. */
async function signedInUser(baseUrl: string): Promise<string> {
  const { client } = await signUp(baseUrl, "Lighthouse User", "lighthouse@example.org");
  const cookie = client.cookie("tandem_session");
  if (!cookie) throw new Error("sign-up left no tandem_session cookie");
  const groups = (await expectJson(client, "/api/groups")) as { id: string; isPersonal: boolean }[];
  const personal = groups.find((group) => group.isPersonal);
  if (!personal) throw new Error("the new account has no personal group");
  for (let index = 1; index <= TASKS_IN_LIST; index += 1) {
    await expectJson(client, "/api/tasks", { groupId: personal.id, title: `Everyday task number ${index}` }, 201);
  }
  return cookie;
}

async function expectJson(client: HttpClient, route: string, json?: unknown, status = 200): Promise<unknown> {
  const response = await client.request(route, json === undefined ? {} : { json });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${route} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

// ---------------------------------------------------------------------------------------------
// Installability

async function checkInstallability(baseUrl: string) {
  const problems: string[] = [];
  const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest`);
  if (manifestResponse.status !== 200) problems.push(`/manifest.webmanifest answered ${manifestResponse.status}`);
  const manifest = (manifestResponse.status === 200 ? await manifestResponse.json() : {}) as {
    name?: string;
    short_name?: string;
    start_url?: string;
    display?: string;
    icons?: { src: string; sizes?: string; purpose?: string }[];
  };
  if (!manifest.name) problems.push("manifest has no name");
  if (!manifest.short_name) problems.push("manifest has no short_name");
  if (manifest.start_url !== "/") problems.push(`manifest start_url is ${JSON.stringify(manifest.start_url)}, not "/"`);
  if (manifest.display !== "standalone") problems.push(`manifest display is ${JSON.stringify(manifest.display)}`);
  const icons = manifest.icons ?? [];
  for (const size of ["192x192", "512x512"]) {
    if (!icons.some((icon) => icon.sizes?.split(/\s+/).includes(size))) problems.push(`no ${size} icon`);
  }
  if (!icons.some((icon) => icon.purpose?.split(/\s+/).includes("maskable"))) problems.push("no maskable icon");
  for (const icon of icons) {
    const response = await fetch(new URL(icon.src, baseUrl));
    await response.arrayBuffer();
    if (response.status !== 200) problems.push(`icon ${icon.src} answered ${response.status}`);
  }

  const worker = await fetch(`${baseUrl}/sw.js`);
  await worker.arrayBuffer();
  const workerType = worker.headers.get("content-type") ?? "";
  if (worker.status !== 200) problems.push(`/sw.js answered ${worker.status}`);
  if (!/^(text|application)\/javascript\b/.test(workerType)) problems.push(`/sw.js content type is "${workerType}"`);
  return { ok: problems.length === 0, problems, manifest, serviceWorkerContentType: workerType };
}

// ---------------------------------------------------------------------------------------------
// The browser (Playwright); offline start and loaded JavaScript, in browser contexts of their own

/** A free local port for Chromium's remote debugging, which Lighthouse connects to. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Debian's Chromium with the browser tests' flags, headless, and listening on `debuggingPort` for
 * Lighthouse. Lighthouse's tabs open in the browser's default context, which Playwright leaves
 * alone; the checks below use contexts of their own.
 */
function launchBrowser(debuggingPort: number): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  });
}

/**
 * Counts a page's requests in flight, from its first request on, to wait until none has been in
 * flight for NETWORK_IDLE_MS, as this benchmark always has: Playwright's own "networkidle" waits
 * only 500 ms, so a chunk requested later than that would go uncounted.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    /** Resolves once no request has been in flight for `idleMs`. */
    async idle(idleMs: number, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < idleMs) {
        if (Date.now() > deadline) throw new Error(`the network was not idle for ${idleMs} ms within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** A page in a new browser context (no cache, no service worker), with the session cookie when given one. */
async function freshPage(browser: Browser, baseUrl: string, cookie: string | null) {
  // No viewport emulation: the window's own size, as before.
  const context = await browser.newContext({ viewport: null });
  if (cookie !== null) {
    await context.addCookies([
      { name: "tandem_session", value: cookie, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    ]);
  }
  const page = await context.newPage();
  return { context, page, requests: trackRequests(page) };
}

async function waitForTasksHeading(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll("h1")].some((heading) => heading.textContent?.trim() === "Tasks"),
    undefined,
    { timeout: OFFLINE_TIMEOUT_MS },
  );
}

/** Waits until a service worker controls the page: only then can it serve the page offline. */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });
}

async function checkOfflineStart(browser: Browser, baseUrl: string, cookie: string) {
  const { context, page, requests } = await freshPage(browser, baseUrl, cookie);
  const steps: string[] = [];
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await waitForTasksHeading(page);
    await waitForServiceWorkerControl(page);
    // Let the app finish writing the user and the list to IndexedDB.
    await requests.idle(NETWORK_IDLE_MS, OFFLINE_TIMEOUT_MS).catch(() => undefined);
    steps.push("online: heading Tasks shown, service worker controls the page");

    // The worker must be attached to the context for the network conditions to reach it too.
    const ownWorker = (url: string) => url.startsWith(baseUrl);
    if (!context.serviceWorkers().some((worker) => ownWorker(worker.url()))) {
      await context.waitForEvent("serviceworker", {
        predicate: (worker) => ownWorker(worker.url()),
        timeout: OFFLINE_TIMEOUT_MS,
      });
    }
    await context.setOffline(true);
    steps.push(
      "offline: CDP Network.emulateNetworkConditions offline:true on the page and the service worker (context.setOffline)",
    );

    const response = await page.reload({ waitUntil: "load" });
    steps.push(
      `reload: document ${response?.fromServiceWorker() ? "from the service worker" : "NOT from the service worker"}`,
    );
    const serverReachable = await page.evaluate(() =>
      fetch("/api/healthz", { cache: "no-store" }).then(
        () => true,
        () => false,
      ),
    );
    steps.push(
      `fetch /api/healthz from the page: ${serverReachable ? "reached the server (not offline!)" : "failed (offline)"}`,
    );
    const shown = await waitForTasksHeading(page).then(
      () => true,
      () => false,
    );
    steps.push(shown ? 'heading "Tasks" (h1) shown' : `no heading "Tasks" within ${OFFLINE_TIMEOUT_MS} ms`);
    const pass = shown && !serverReachable && response?.fromServiceWorker() === true;
    return { pass, steps };
  } finally {
    await context.close();
  }
}

/** Paths of the scripts a first visit to "/" loads until the network is idle (signed in when given a cookie). */
async function scriptsLoaded(browser: Browser, baseUrl: string, cookie: string | null): Promise<string[]> {
  const { context, page, requests } = await freshPage(browser, baseUrl, cookie);
  const scripts = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === "script" && url.origin === baseUrl) scripts.add(url.pathname);
  });
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await requests.idle(NETWORK_IDLE_MS, 30_000);
    return [...scripts].filter((pathname) => pathname !== "/sw.js");
  } finally {
    await closeQuietly(context);
  }
}

async function closeQuietly(context: BrowserContext): Promise<void> {
  await context.close().catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Initial JavaScript

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; not `import()`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The scripts a page's HTML references (src and modulepreload) and, transitively, their static imports. */
function htmlReferencedScripts(html: string): string[] {
  const direct = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!),
  ];
  const seen = new Set<string>();
  const visit = (urlPath: string) => {
    if (seen.has(urlPath)) return;
    seen.add(urlPath);
    const source = fs.readFileSync(distFile(urlPath), "utf8");
    for (const match of source.matchAll(STATIC_IMPORT))
      visit(path.posix.resolve(path.posix.dirname(urlPath), match[1]!));
  };
  direct.forEach(visit);
  return [...seen];
}

function distFile(urlPath: string): string {
  const file = path.join(WEB_DIST, urlPath);
  if (!file.startsWith(WEB_DIST + path.sep) || !fs.existsSync(file)) throw new Error(`${urlPath} is not in dist/web`);
  return file;
}

function jsSize(urlPaths: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const urlPath of urlPaths) {
    const content = fs.readFileSync(distFile(urlPath));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  const gzipKb = gzip / 1024;
  return { files: urlPaths.length, rawKb: round(raw / 1024), gzipKb: round(gzipKb), met: gzipKb <= INITIAL_JS_GOAL_KB };
}

async function measureInitialJs(browser: Browser, baseUrl: string, cookie: string) {
  const referenced = htmlReferencedScripts(fs.readFileSync(path.join(WEB_DIST, "index.html"), "utf8"));
  // What the signed-in "/" asks for before its first render: the server adds the app's code as modulepreloads.
  const appHtml = await (await fetch(`${baseUrl}/`, { headers: { cookie: `tandem_session=${cookie}` } })).text();
  const appReferenced = htmlReferencedScripts(appHtml);
  const visitorLoaded = await scriptsLoaded(browser, baseUrl, null);
  const appLoaded = await scriptsLoaded(browser, baseUrl, cookie);
  return {
    goalGzipKb: INITIAL_JS_GOAL_KB,
    // index.html is the same for everyone: the server only fills in its <head>.
    htmlReferenced: { ...jsSize(referenced), scripts: referenced },
    appHtmlReferenced: { ...jsSize(appReferenced), scripts: appReferenced },
    visitorLoaded: { ...jsSize(visitorLoaded), scripts: visitorLoaded },
    appLoaded: { ...jsSize(appLoaded), scripts: appLoaded },
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_cell, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}

function scoreCell(page: PageResult, category: Category): string {
  const score = page.scores[category];
  const goal = page.goals[category];
  if (goal === undefined) return `${score ?? "–"}`;
  const sign = goal === 100 ? "=" : "≥";
  return `${score ?? "–"} (${sign} ${goal}${(score ?? 0) >= goal ? "" : " MISSED"})`;
}

function printPages(pages: PageResult[], skipped: string[]): void {
  console.log("\nLighthouse scores (median run), with goals");
  console.log(
    table([
      ["page", "performance", "accessibility", "best practices", "SEO", "perf. of all runs"],
      ...pages.map((page) => [
        `${page.name} ${page.path}`,
        ...CATEGORIES.map((category) => scoreCell(page, category)),
        page.performanceScoresOfAllRuns.join(", "),
      ]),
    ]),
  );
  for (const page of pages) {
    console.log(`\n${page.name} ${page.path}: ${METRICS.map((id) => `${id} ${page.metrics[id] ?? "–"}`).join(", ")}`);
    for (const [category, audits] of Object.entries(page.failingAudits)) {
      console.log(`  ${category} under goal; failing audits:`);
      for (const audit of audits) {
        const notes = [audit.displayValue, audit.savings && `saves ${audit.savings}`].filter(Boolean).join("; ");
        console.log(`    - ${audit.id}: ${audit.title}${notes ? ` (${notes})` : ""}`);
      }
    }
  }
  for (const note of skipped) console.log(`skipped: ${note}`);
}

function printJs(js: Awaited<ReturnType<typeof measureInitialJs>>): void {
  console.log(`\nInitial JavaScript of "/" (gzip -9 per file), goal ≤ ${js.goalGzipKb} KB gzip`);
  const row = (name: string, size: ReturnType<typeof jsSize>) => [
    name,
    String(size.files),
    `${size.rawKb} KB`,
    `${size.gzipKb} KB`,
    size.met ? "yes" : "NO",
  ];
  console.log(
    table([
      ["scripts", "files", "raw", "gzip", "met?"],
      row("index.html: script src + modulepreload + static imports (visitor and app)", js.htmlReferenced),
      row(
        "the signed-in / as served: the same with the app's modulepreloads (before its first render)",
        js.appHtmlReferenced,
      ),
      row("loaded by a visitor's first visit to / (until network idle)", js.visitorLoaded),
      row("loaded by the signed-in app's first visit to / (until network idle)", js.appLoaded),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startedAt = Date.now();
  const runCount = runs();
  const auditPage = await installedLighthouse();
  const build = ensureBuild();
  const { targets: pages, skipped } = targets();
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer("app-server.ts");
    const { baseUrl } = server;
    const cookie = await signedInUser(baseUrl);
    const installability = await checkInstallability(baseUrl);
    const debuggingPort = await freePort();
    browser = await launchBrowser(debuggingPort);

    const audited = [];
    for (const target of pages) audited.push(await auditPage(target, baseUrl, debuggingPort, cookie, runCount));

    const offline = await checkOfflineStart(browser, baseUrl, cookie);
    const js = await measureInitialJs(browser, baseUrl, cookie);

    const results = audited.map((page) => page.result);
    printPages(results, skipped);
    console.log(`\nInstallability: ${installability.ok ? "pass" : `FAIL: ${installability.problems.join("; ")}`}`);
    console.log(`Offline start of "/": ${offline.pass ? "pass" : "FAIL"}`);
    for (const step of offline.steps) console.log(`  - ${step}`);
    printJs(js);

    const report = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        loadAverage1m: os.loadavg()[0],
        node: process.version,
      },
      lighthouseVersion: audited[0]?.lighthouseVersion,
      chromium: audited[0]?.userAgent,
      runsPerPage: runCount,
      build,
      pages: results,
      skipped,
      installability,
      offlineStart: offline,
      initialJavaScript: js,
    };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\n${report.chromium}; Lighthouse ${report.lighthouseVersion}, ${runCount} run(s) per page; load average ${os.loadavg()[0]!.toFixed(1)}; took ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    console.log(`results written to ${path.relative(ROOT, RESULTS_FILE)}`);
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench:lighthouse failed: ${error.stack ?? error.message}` : error);
  process.exit(1);
});
