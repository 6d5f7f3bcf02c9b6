import type { BrowserContextOptions } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { LandingPage, NotFoundPage, PublicChrome } from "./pages/public-pages";
import { SettingsPage } from "./pages/settings-pages";
import { SignInPage } from "./pages/sign-in-page";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const PHONE = { viewport: { width: 390, height: 844 } };

/** One chrome per audience: the public site's for visitors, the app's for signed-in users. */
describe("public chrome", () => {
  const session = useBrowser();

  async function visitor(options: BrowserContextOptions = {}) {
    return new PublicChrome(await session.newPage(options), baseUrl);
  }

  async function signedIn(options: BrowserContextOptions = {}) {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Chloe Chrome",
      email: `chloe-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
      password: STRONG_PASSWORD,
    });
    const context = await session.signedInContext(client, options);
    return new PublicChrome(await context.newPage(), baseUrl);
  }

  describe("the phone menu", () => {
    it("opens the public links from a 44 px button, closes on Esc with the focus back on the button", async () => {
      const chrome = await visitor(PHONE);
      await chrome.goto("/");
      expect(await chrome.menuLinks().count(), "the links wait behind the button").toBe(0);
      const box = (await chrome.menuButton().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);

      await chrome.menuButton().click();
      expect(await chrome.menuLinks().allTextContents()).toEqual(["Guides", "Blog", "Help", "About", "Contact"]);
      await chrome.themeSwitch.waitFor();

      await chrome.page.keyboard.press("Tab");
      await chrome.page.keyboard.press("Escape");
      expect(await chrome.menuIsOpen()).toBe(false);
      expect(await chrome.menuButton().evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await chrome.menuLinks().count()).toBe(0);

      // Following a link shows the page and closes the menu.
      await chrome.menuButton().click();
      await chrome.menuLinks().filter({ hasText: "Blog" }).click();
      await chrome.waitForHeading("Blog");
      expect(await chrome.menuIsOpen()).toBe(false);
    });

    it("opens without JavaScript, as the prerendered page comes", async () => {
      const context = await session.newContext({ ...PHONE, javaScriptEnabled: false });
      const chrome = new PublicChrome(await context.newPage(), baseUrl);
      await chrome.gotoWithoutScripts("/about");
      await chrome.menuButton().click();
      expect(await chrome.menuLinks().allTextContents()).toEqual(["Guides", "Blog", "Help", "About", "Contact"]);
    });

    it("is not there on a desk, where the header shows the links", async () => {
      const chrome = await visitor({ viewport: { width: 1280, height: 800 } });
      await chrome.goto("/about");
      expect(await chrome.menuButton().isVisible()).toBe(false);
      expect(await chrome.mainNavLink("Guides").isVisible()).toBe(true);
    });
  });

  describe("who sees which chrome", () => {
    it("sends a visitor from an app page to sign in, on a full load and in the app, without ever showing the app's header", async () => {
      const chrome = await visitor();
      await chrome.watchForAppChrome();
      await chrome.goto("/settings");
      await chrome.waitForHeading("Sign in");
      expect(new URL(chrome.page.url()).searchParams.get("next")).toBe("/settings");

      await chrome.goto("/about");
      await chrome.navigateInApp("/dashboard?group=mine");
      await expect.poll(() => chrome.pathname()).toBe("/login");
      expect(new URL(chrome.page.url()).searchParams.get("next")).toBe("/dashboard?group=mine");
      await chrome.waitForHeading("Sign in");
      expect(await chrome.appChromeSeen()).toBe(false);
    });

    it("shows the not-found page in the public layout to a visitor and in the app layout to a signed-in user", async () => {
      const reader = await visitor();
      expect((await reader.goto("/no-such-page")).status()).toBe(404);
      await reader.waitForHeading("Page not found");
      expect(await reader.hasPublicFooter()).toBe(true);
      expect(await reader.hasAppChrome()).toBe(false);
      // Client-side: from a public page to an address that does not exist.
      await reader.goto("/about");
      await reader.navigateInApp("/nothing-here");
      await reader.waitForHeading("Page not found");
      expect(await reader.hasPublicFooter()).toBe(true);
      expect(await reader.hasAppChrome()).toBe(false);

      const user = await signedIn();
      expect((await user.goto("/no-such-page")).status()).toBe(404);
      await user.waitForHeading("Page not found");
      expect(await user.hasAppChrome()).toBe(true);
      expect(await user.hasPublicFooter()).toBe(false);
      expect(await user.page.title()).toBe("Page not found · Tandem");
      expect(await new NotFoundPage(user.page, baseUrl).startPageLink().textContent()).toBe("Back to your tasks");
      // Client-side, from an app page: the app's header stays.
      await user.goto("/dashboard");
      await user.waitForHeading("Dashboard");
      await user.navigateInApp("/nothing-here");
      await user.waitForHeading("Page not found");
      expect(await user.hasAppChrome()).toBe(true);
      expect(await user.hasPublicFooter()).toBe(false);
    });

    it("keeps public pages in the public layout for a signed-in reader", async () => {
      const user = await signedIn();
      await user.goto("/privacy-policy");
      await user.waitForHeading("Privacy policy");
      expect(await user.hasPublicFooter()).toBe(true);
      expect(await user.hasAppChrome()).toBe(false);
    });
  });

  describe("titles and addresses", () => {
    it("titles the sign-in page and the provider's sign-in step Sign in", async () => {
      const signIn = new SignInPage((await visitor()).page, baseUrl);
      await signIn.openLogin();
      expect(await signIn.page.title()).toBe("Sign in · Tandem");
      await signIn.continueToProvider();
      await signIn.emailInput().waitFor();
      await expect.poll(() => signIn.page.title()).toBe("Sign in · Tandem");
      expect(await signIn.canonicalHrefs(), "the step has no address of its own").toEqual([]);
    });

    it("leads the spec's second addresses to their page, keeping the query", async () => {
      const chrome = await visitor();
      await chrome.goto("/contactus?subject=Hello");
      await chrome.waitForHeading("Contact");
      expect(new URL(chrome.page.url()).pathname + new URL(chrome.page.url()).search).toBe("/contact?subject=Hello");
      await chrome.goto("/cookies-page");
      await chrome.waitForHeading("Cookie policy");
      expect(chrome.pathname()).toBe("/cookie-policy");
      await chrome.goto("/landing");
      expect(chrome.pathname()).toBe("/");
      // In the app too: a link to an old address replaces itself with the page's.
      await chrome.navigateInApp("/contact-us?subject=Again");
      await chrome.waitForHeading("Contact");
      expect(new URL(chrome.page.url()).search).toBe("?subject=Again");
    });

    it("opens the old settings pages at their section of /settings", async () => {
      const user = await signedIn({ viewport: { width: 1280, height: 800 } });
      const settings = new SettingsPage(user.page, baseUrl);
      await user.goto("/category-settings");
      await settings.waitFor();
      expect(new URL(user.page.url()).pathname + new URL(user.page.url()).hash).toBe("/settings#categories");
      await settings.section("Categories").getByRole("list", { name: "Categories" }).waitFor();
      await expect.poll(async () => Math.abs((await user.sectionTop("categories"))!)).toBeLessThan(150);

      // From the page's own links, each section is an anchor.
      expect(await settings.sectionLinks().allTextContents()).toEqual([
        "Appearance",
        "Tasks",
        "Categories",
        "Notifications",
        "Backup",
        "Account and device",
      ]);
      await settings.sectionLinks().filter({ hasText: "Backup" }).click();
      await expect.poll(() => new URL(user.page.url()).hash).toBe("#backup");
      await expect.poll(async () => Math.abs((await user.sectionTop("backup"))!)).toBeLessThan(150);
    });
  });

  describe("the landing page's pictures of the app", () => {
    it.each(["light", "dark"] as const)(
      "shows the %s theme's picture, sized so nothing moves, with text for those who cannot see it",
      async (colorScheme) => {
        const page = await session.newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
        const requested: string[] = [];
        page.on("request", (request) => {
          if (request.url().endsWith(".webp")) requested.push(new URL(request.url()).pathname);
        });
        const landing = new LandingPage(page, baseUrl);
        await landing.goto("/");
        for (const device of ["laptop", "phone"] as const) {
          expect(await landing.productPicture(device).count(), device).toBe(1);
          const shown = await landing.pictureShown(device);
          expect(shown.file, device).toMatch(
            new RegExp(`^app-${device === "laptop" ? "desk" : "phone"}-${colorScheme}(-half)?-[\\w-]+\\.webp$`),
          );
          expect([shown.width, shown.height], device).toEqual(device === "laptop" ? ["1280", "800"] : ["780", "1688"]);
        }
        const other = colorScheme === "light" ? "dark" : "light";
        expect(
          requested.filter((path) => path.includes(`-${other}`)),
          "the other theme's pictures",
        ).toEqual([]);
        // The header's switch changes the picture with the page.
        await landing.chooseTheme(other === "dark" ? "Dark" : "Light");
        expect((await landing.pictureShown("laptop")).file).toContain(`-${other}`);
      },
    );

    it("shows a phone only the phone's picture, and loads no other", async () => {
      const page = await session.newPage(PHONE);
      const requested: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(".webp")) requested.push(new URL(request.url()).pathname);
      });
      const landing = new LandingPage(page, baseUrl);
      await landing.goto("/");
      expect(await landing.productPicture("laptop").count()).toBe(0);
      expect((await landing.pictureShown("phone")).file).toMatch(/^app-phone-light/);
      expect(
        requested.every((path) => path.includes("app-phone-light")),
        requested.join(", "),
      ).toBe(true);
    });
  });

  it("names no operator where none is configured", async () => {
    const chrome = await visitor();
    await chrome.goto("/privacy-policy");
    await chrome.waitForHeading("Privacy policy");
    expect(await chrome.operatorSentence().count()).toBe(0);
    const text = (await chrome.page.getByRole("main").textContent()) ?? "";
    expect(text).toContain("referred to here as the operator.");
    expect(text).not.toMatch(/%%|\{\{|the operator of this instance|the administrator of this instance/);
  });
});
