import { describe, expect, inject, it } from "vitest";
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

    await signIn.open();
    await page.getByRole("tab", { name: "Create account" }).click();
    await page.getByLabel("Password").fill("password1");
    expect(await signIn.strengthText().textContent()).toMatch(/Strength: (Very weak|Weak)/);
    await signIn.createAccount("Ada Lovelace", email, PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: /Sign out/ }).waitFor();

    await page.getByRole("link", { name: /Sign out/ }).click();
    await page.getByText("You are signed out").waitFor();
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toEqual({
      user: null,
    });
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();

    await signIn.open("/about");
    await signIn.signIn(email, PASSWORD);
    await page.waitForURL(`${baseUrl}/about`);
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toMatchObject({
      user: { name: "Ada Lovelace", email },
    });
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
