import type { BrowserContextOptions, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signUp } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { ErrorFallback } from "./pages/error-fallback";
import { TaskListPage } from "./pages/task-pages";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** The About page's lazily loaded code; failing it makes the route fail to load. */
const ABOUT_CHUNK = /\/assets\/AboutPage-[^/]+\.js$/;
const FALLBACK_TEXT = "Something went wrong. Please retry or contact support.";

describe("routing error page", () => {
  const session = useBrowser();

  /** Opens /, breaks the About page's code, and follows the header's About link. */
  async function breakAboutPage(options: BrowserContextOptions = {}) {
    const app = new AppPage(await session.newPage(options), baseUrl);
    await app.page.route(ABOUT_CHUNK, (route) => route.abort());
    await app.goto("/");
    await app.heading().waitFor();
    const errorReport = app.page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/log-error",
    );
    errorReport.catch(() => {}); // a test that does not wait for the report must not fail on it later
    await app.mainNavLink("About").click();
    return { app, fallback: new ErrorFallback(app.page), errorReport };
  }

  it("shows the fallback inside the layout, reports the error and reloads on request", async () => {
    const { app, fallback, errorReport } = await breakAboutPage();

    await fallback.heading(FALLBACK_TEXT).waitFor();
    expect(await fallback.alert().textContent()).toContain(FALLBACK_TEXT);
    expect(app.pathname()).toBe("/about");
    // The layout stays, so the user can still go somewhere else.
    expect(await app.mainNavLink("About").isVisible()).toBe(true);
    expect(await app.footerNavLink("Privacy policy").isVisible()).toBe(true);
    expect(await app.themeSwitch.isVisible()).toBe(true);

    const request: Request = await errorReport;
    const response = await request.response();
    expect(response?.status(), "POST /api/log-error answers 204").toBe(204);
    const report = request.postDataJSON() as { message: string; path: string };
    expect(report.path).toBe("/about");
    expect(report.message).not.toBe("");

    // Once the code can load again, "Reload page" brings the page back.
    await app.page.unroute(ABOUT_CHUNK);
    await fallback.reloadPage();
    await expect.poll(() => app.headingText()).toBe("About Tandem");
  });

  it("offline, says a page never opened on this device is not here yet, and opens it once the network is back", async () => {
    // No service worker (as on a first visit): the About page's code was never fetched.
    const app = new AppPage(await session.newPage(), baseUrl);
    await app.goto("/");
    await app.heading().waitFor();
    const reports: string[] = [];
    app.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/log-error") reports.push(request.url());
    });
    await app.page.context().setOffline(true);
    await app.mainNavLink("About").click();

    const fallback = new ErrorFallback(app.page);
    await fallback.heading("This page is not on this device yet").waitFor();
    expect(await fallback.alert().textContent()).toContain("It opens once you are back online");
    expect(await fallback.heading(FALLBACK_TEXT).count()).toBe(0);
    expect(await fallback.waitingForNetwork().isDisabled()).toBe(true);
    // The layout stays: the pages this device has can still be reached.
    expect(await app.mainNavLink("About").isVisible()).toBe(true);

    await app.page.context().setOffline(false);
    await fallback.openPage();
    await expect.poll(() => app.headingText()).toBe("About Tandem");
    // Being offline is not an error of the app: nothing went to the error log.
    expect(reports).toEqual([]);
  });

  it("copies the error details and confirms with a toast at the bottom centre", async () => {
    const { app, fallback } = await breakAboutPage({ permissions: ["clipboard-read", "clipboard-write"] });

    await fallback.copyDetails();
    const toast = app.toast("Error details copied");
    await toast.waitFor({ state: "visible" });
    const close = app.toastButton("Error details copied", "Close toast");
    expect(await close.count()).toBe(1);

    const toaster = app.toaster();
    expect(await toaster.getAttribute("data-y-position")).toBe("bottom");
    expect(await toaster.getAttribute("data-x-position")).toBe("center");

    const copied = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Page: /about");

    await close.click();
    await toast.waitFor({ state: "detached" });
  });
});

describe("the toast library failing to load", () => {
  const session = useBrowser();
  /** The toast library's code and the toaster's (loaded after the first render). */
  const TOAST_CODE = /\/assets\/(dist|Toaster)-[^/]+\.js$/;

  it("keeps the app on screen, and shows toasts once the code loads after all", async () => {
    const { client } = await signUp(baseUrl, "Tess Toastless");
    const context = await session.signedInContext(client);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // As on a first visit that goes offline before the library came: its requests fail.
    await page.route(TOAST_CODE, (route) => route.abort("internetdisconnected"));
    const list = new TaskListPage(page, baseUrl);
    await list.open();

    await list.add("Water the plants");
    await list.row("Water the plants").waitFor();
    await list.heading().waitFor();
    expect(await list.toast("Task added successfully").count()).toBe(0);

    // Back online, the toaster loads and the next toast shows.
    await page.unroute(TOAST_CODE);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await list.add("Feed the cat");
    await list.toast("Task added successfully").waitFor();
    // React reports the caught failure; nothing else went wrong.
    expect(
      errors.filter((error) => !/Failed to load resource|Failed to fetch dynamically imported module/.test(error)),
    ).toEqual([]);
  });

  it("tries again at the next toast after a failed load, with no offline or online event", async () => {
    const { client } = await signUp(baseUrl, "Tina Flicker");
    const context = await session.signedInContext(client);
    const page = await context.newPage();
    // The network flickers while the code is fetched; the browser never says it was offline.
    await page.route(TOAST_CODE, (route) => route.abort("connectionreset"));
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    const failed = page.waitForEvent("requestfailed", (request) => TOAST_CODE.test(request.url()));
    await list.add("Water the plants");
    await failed;
    await list.row("Water the plants").waitFor();

    await page.unroute(TOAST_CODE);
    await list.add("Feed the cat");
    await list.toast("Task added successfully").waitFor();
  });
});
