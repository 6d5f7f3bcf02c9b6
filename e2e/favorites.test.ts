import { describe, expect, inject, it } from "vitest";
import type { HttpClient } from "../tests/helpers/http-client";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { ModulesPage } from "./pages/modules-page";
import { DashboardPage } from "./pages/settings-pages";
import { TaskDetailPage } from "./pages/task-pages";
import { collectPageErrors, useBrowser } from "./support/session";
import { addTaskOverApi, personalGroupId } from "../tests/helpers/tasks";

const baseUrl = inject("baseUrl");

/** The favorites-widget module: tasks pinned from their page onto the dashboard, ordered, live. */
describe("favourites", () => {
  const session = useBrowser();

  async function browserWith(cookie: string, width = 1280) {
    const context = await session.newContext({ viewport: { width, height: 800 } });
    await context.addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
    return context.newPage();
  }

  const addTask = async (client: HttpClient, title: string) =>
    (await addTaskOverApi(client, await personalGroupId(client), title)).id;

  async function pinnedOnServer(client: HttpClient): Promise<string[]> {
    return ((await (await client.request("/api/favorites")).json()) as { taskIds: string[] }).taskIds;
  }

  it("pins tasks from their page, orders them by keyboard and by drag, live on another device", async () => {
    const { client } = await signUp(baseUrl, "Fay Vorite");
    const passport = await addTask(client, "Renew passport");
    const plumber = await addTask(client, "Call the plumber");
    const laptop = await browserWith(client.cookie("tandem_session")!);
    const errors = collectPageErrors(laptop);
    const phoneClient = (
      await signInWithBuiltinProvider(
        baseUrl,
        { email: "fay.vorite@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const phone = await browserWith(phoneClient.cookie("tandem_session")!, 390);

    const phoneDashboard = new DashboardPage(phone, baseUrl);
    await phoneDashboard.open();
    await phoneDashboard.text(/Nothing pinned yet/).waitFor();

    const detail = new TaskDetailPage(laptop, baseUrl);
    for (const id of [passport, plumber]) {
      await detail.open(id);
      await detail.pinButton().click();
      await detail.toast("Pinned to your dashboard").first().waitFor();
      await expect.poll(() => detail.pinButton().getAttribute("aria-pressed")).toBe("true");
    }
    expect(await pinnedOnServer(client)).toEqual([passport, plumber]);
    // The other device shows them without a reload.
    await expect.poll(() => phoneDashboard.favoriteTitles()).toEqual(["Renew passport", "Call the plumber"]);

    const dashboard = new DashboardPage(laptop, baseUrl);
    await dashboard.open();
    await expect.poll(() => dashboard.favoriteTitles()).toEqual(["Renew passport", "Call the plumber"]);

    // By keyboard: the handle keeps the focus as its task moves up.
    await dashboard.favoriteHandle("Call the plumber").focus();
    await laptop.keyboard.press("ArrowUp");
    await expect.poll(() => dashboard.favoriteTitles()).toEqual(["Call the plumber", "Renew passport"]);
    await expect
      .poll(() => laptop.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Call the plumber (1 of 2)");
    await expect.poll(() => pinnedOnServer(client)).toEqual([plumber, passport]);
    await expect.poll(() => phoneDashboard.favoriteTitles()).toEqual(["Call the plumber", "Renew passport"]);

    // By drag: the second row's handle taken above the first.
    const handle = await dashboard.favoriteHandle("Renew passport").boundingBox();
    const first = await dashboard.favoriteHandle("Call the plumber").boundingBox();
    await laptop.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await laptop.mouse.down();
    await laptop.mouse.move(first!.x + first!.width / 2, first!.y - 10, { steps: 8 });
    await laptop.mouse.up();
    await expect.poll(() => pinnedOnServer(client)).toEqual([passport, plumber]);
    await expect.poll(() => phoneDashboard.favoriteTitles()).toEqual(["Renew passport", "Call the plumber"]);

    // Unpinned from the card; the task's page says so too.
    await dashboard.unpinButton("Renew passport").click();
    await dashboard.toast("Unpinned from your dashboard").waitFor();
    await expect.poll(() => dashboard.favoriteTitles()).toEqual(["Call the plumber"]);
    await expect.poll(() => phoneDashboard.favoriteTitles()).toEqual(["Call the plumber"]);
    await detail.open(passport);
    // The page starts from the device's copy, saved when the unpin was made, then the server's.
    await expect.poll(() => detail.pinButton().textContent()).toContain("Pin to dashboard");
    expect(errors).toEqual([]);
  });

  it("leaves the dashboard and the task page without favourites while the module is off", async () => {
    const { client } = await signUp(baseUrl, "Ned Ofav");
    const task = await addTask(client, "Book the dentist");
    const page = await browserWith(client.cookie("tandem_session")!);
    const dashboard = new DashboardPage(page, baseUrl);
    await dashboard.open();
    await dashboard.favoritesHeading().waitFor();

    const modules = new ModulesPage(page, baseUrl);
    await modules.open();
    await modules.mySwitch("Favourites").click();
    await modules.toast("Favourites disabled successfully").waitFor();

    await dashboard.open();
    await dashboard.statShowing("Open", 1).waitFor();
    expect(await dashboard.favoritesHeading().count()).toBe(0);
    const detail = new TaskDetailPage(page, baseUrl);
    await detail.open(task);
    await detail.waitForTitle("Book the dentist");
    expect(await detail.pinButton().count()).toBe(0);
  });

  it("pins a task without network, shows it on the dashboard, and sends the pin once back online", async () => {
    const { client } = await signUp(baseUrl, "Otto Ffline");
    const task = await addTask(client, "Pack the tent");
    const page = await browserWith(client.cookie("tandem_session")!);
    const detail = new TaskDetailPage(page, baseUrl);
    await detail.open(task);
    await detail.waitForTitle("Pack the tent");
    // The dashboard's code is loaded once online (this page has no service worker to keep it).
    const dashboard = new DashboardPage(page, baseUrl);
    await detail.appMenuLink("Dashboard").click();
    await dashboard.favoritesHeading().waitFor();
    await page.goBack();
    await detail.waitForTitle("Pack the tent");

    await page.context().setOffline(true);
    await detail.offlineStatus().waitFor();
    await detail.pinButton().click();
    await detail.toast("Saved on this device - will sync when online").waitFor();
    await detail.appMenuLink("Dashboard").click();
    await dashboard.waitFor();
    await expect.poll(() => dashboard.favoriteTitles()).toEqual(["Pack the tent"]);
    expect(await pinnedOnServer(client)).toEqual([]);

    await page.context().setOffline(false);
    await expect.poll(() => pinnedOnServer(client), { timeout: 20_000 }).toEqual([task]);
    await detail.syncIndicator(/to sync/).waitFor({ state: "detached" });
  });
});
