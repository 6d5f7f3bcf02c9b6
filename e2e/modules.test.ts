import { describe, expect, inject, it } from "vitest";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { ModulesPage } from "./pages/modules-page";
import { Navigation } from "./pages/navigation";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** /modules: switching a module off takes its pages and menu entries away, on every device, and back. */
describe("modules", () => {
  const session = useBrowser();

  async function browserWith(cookie: string) {
    const context = await session.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
    return context.newPage();
  }

  it("switches Group tasks off and on again: its menu entry and page follow, live on another device", async () => {
    const { client } = await signUp(baseUrl, "Mo Dules");
    const laptop = await browserWith(client.cookie("tandem_session")!);
    const errors = collectPageErrors(laptop);
    const other = (
      await signInWithBuiltinProvider(
        baseUrl,
        { email: "mo.dules@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const phone = await browserWith(other.cookie("tandem_session")!);

    const modules = new ModulesPage(laptop, baseUrl);
    await modules.open();
    // The task manager is core: its switch is on and locked, and says why.
    const core = modules.mySwitch("Task manager");
    expect(await core.getAttribute("aria-checked")).toBe("true");
    expect(await core.isDisabled()).toBe(true);
    await modules.text("Core modules cannot be disabled").first().waitFor();

    const phoneNav = new Navigation(phone, baseUrl);
    await phoneNav.goto("/");
    await phoneNav.sidebarLink("Group tasks").waitFor();

    await modules.mySwitch("Group tasks").click();
    await modules.toast("Group tasks disabled successfully").waitFor();
    expect(await modules.mySwitch("Group tasks").getAttribute("aria-checked")).toBe("false");
    const laptopNav = new Navigation(laptop, baseUrl);
    await laptopNav.sidebarLink("Group tasks").waitFor({ state: "detached" });
    // The other device hears of it and drops the entry too.
    await phoneNav.sidebarLink("Group tasks").waitFor({ state: "detached" });

    const page = new AppPage(laptop, baseUrl);
    await page.goto("/group-tasks");
    await page.waitForHeading("Group tasks is switched off");
    await laptop.getByRole("link", { name: "Go to Modules" }).click();
    await modules.waitFor();
    await modules.mySwitch("Group tasks").click();
    await modules.toast("Group tasks enabled successfully").waitFor();
    await laptopNav.sidebarLink("Group tasks").waitFor();
    await phoneNav.sidebarLink("Group tasks").waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the category editor on /settings only while Task categories is on, and says where to switch it on", async () => {
    const { client } = await signUp(baseUrl, "Cat Egory");
    const page = await browserWith(client.cookie("tandem_session")!);
    const app = new AppPage(page, baseUrl);
    await app.goto("/settings#categories");
    await page.getByRole("heading", { name: "Add a category" }).waitFor();

    const modules = new ModulesPage(page, baseUrl);
    await modules.open();
    await modules.mySwitch("Task categories").click();
    await modules.toast("Task categories disabled successfully").waitFor();
    await app.goto("/settings#categories");
    await app.text(/Managing categories is switched off for you/).waitFor();
    expect(await page.getByRole("heading", { name: "Add a category" }).count()).toBe(0);

    await page.getByRole("link", { name: "Switch on Task categories in Modules" }).click();
    await modules.waitFor();
    await modules.mySwitch("Task categories").click();
    await modules.toast("Task categories enabled successfully").waitFor();
    await app.goto("/settings#categories");
    await page.getByRole("heading", { name: "Add a category" }).waitFor();
  });
});
