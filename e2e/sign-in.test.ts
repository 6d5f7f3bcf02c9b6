import { describe, expect, inject, it } from "vitest";
import { OPEN_REDIRECT_PAYLOADS } from "../tests/helpers/open-redirect-payloads";
import { LandingPage } from "./pages/public-pages";
import { SignInPage } from "./pages/sign-in-page";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const PASSWORD = "violet-harbour-kettle-93";

describe("sign-in with the built-in identity provider", () => {
  const session = useBrowser();
  const email = `e2e-${Date.now()}@example.org`;

  it("creates an account with a strength meter, signs out on the server, and signs in again to the next page", async () => {
    const page = await session.newPage();
    const signIn = new SignInPage(page, baseUrl);

    // The landing page's "Create account" opens the provider's sign-up tab.
    const landing = new LandingPage(page, baseUrl);
    await landing.goto("/");
    await landing.createAccountLink().click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await signIn.nameInput().waitFor();
    expect(await signIn.createAccountTab().getAttribute("aria-selected")).toBe("true");
    await signIn.passwordInput().fill("password1");
    expect(await signIn.strengthText().textContent()).toMatch(/Strength: (Very weak|Weak)/);
    await signIn.createAccount("Ada Lovelace", email, PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
    await signIn.signOutLink().waitFor();

    await signIn.signOutLink().click();
    await signIn.text("You are signed out").waitFor();
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toEqual({
      user: null,
    });
    await signIn.signInLink().waitFor();

    await signIn.open("/about");
    await signIn.signIn(email, PASSWORD);
    await page.waitForURL(`${baseUrl}/about`);
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toMatchObject({
      user: { name: "Ada Lovelace", email },
    });

    // Signed in, the sign-in page sends them on to next: on a full page load, and in the app.
    await signIn.openLogin("?next=%2Fdashboard");
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.evaluate(() => {
      history.pushState(null, "", "/login?next=%2Fgroups");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL(`${baseUrl}/groups`);
    // After a failed sign-in the page says what failed, and offers the way on.
    await signIn.openLogin("?next=%2Fdashboard&error=The+sign-in+was+cancelled");
    await signIn.loginError("The sign-in was cancelled").waitFor();
    await signIn.text("You are still signed in as Ada Lovelace.").waitFor();
    await signIn.continueLink().click();
    await page.waitForURL(`${baseUrl}/dashboard`);
  });

  it("sends the sign-in on with a next on this site only, whatever /login?next= says", async () => {
    const page = await session.newPage();
    const signIn = new SignInPage(page, baseUrl);
    await signIn.openLogin();
    await signIn.providerLink().waitFor();
    // One page load, then the page's own history, all inside the page: a load per payload would
    // cost seconds. A marker between two payloads shows when the page has taken each one in.
    const hrefs = await page.evaluate(
      async (nexts) => {
        const button = () =>
          [...document.querySelectorAll("a")].find((link) => link.pathname === "/api/auth/sign-in/local");
        const visit = (next: string) => {
          history.pushState(null, "", `/login?${new URLSearchParams({ next }).toString()}`);
          dispatchEvent(new PopStateEvent("popstate"));
        };
        const until = (done: () => boolean) =>
          new Promise<void>((resolve) => {
            if (done()) return resolve();
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              resolve();
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          });
        const seen: string[] = [];
        for (const [index, next] of nexts.entries()) {
          const marker = `/marker-${index}`;
          visit(marker);
          await until(() => button()?.search.includes(encodeURIComponent(marker)) ?? false);
          visit(next);
          await until(() => !(button()?.search.includes(encodeURIComponent(marker)) ?? true));
          seen.push(button()!.href);
        }
        return seen;
      },
      [...OPEN_REDIRECT_PAYLOADS, "/task-detail-page?id=abc-123"],
    );

    const nexts = hrefs.map((href) => new URL(href).searchParams.get("next"));
    // None at all for every payload: the server's own default, "/".
    expect(nexts).toEqual([...OPEN_REDIRECT_PAYLOADS.map(() => null), "/task-detail-page?id=abc-123"]);
  });

  it("says so when the password is wrong, and stays on the form", async () => {
    const page = await session.newPage();
    const signIn = new SignInPage(page, baseUrl);
    await signIn.open();
    await signIn.signIn(email, "not-the-password");
    expect(await signIn.alert().textContent()).toContain("The email or password is not right.");
    expect(page.url()).toContain("/oidc/interaction/");
  });
});
