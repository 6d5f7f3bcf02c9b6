import path from "node:path";
import os from "node:os";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ACCOUNT_EMAIL_MESSAGES } from "../domain/account-email-messages";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { SignInPage } from "./pages/sign-in-page";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const PASSWORD = "violet-harbour-kettle-93";

describe("profile, account management and account deletion", () => {
  const session = useBrowser();

  it("sends a visitor on a signed-in-only page to sign in, and back to that page afterwards", async () => {
    const page = await session.newPage();
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fprofile`);
    const signIn = new SignInPage(page, baseUrl);
    await page.getByRole("link", { name: /Sign in or create an account/ }).click();
    await signIn.createAccount("Grace Hopper", `grace-${Date.now()}@example.org`, PASSWORD);
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
  });

  it("edits the profile and picture, manages browsers and tokens, then deletes the account", async () => {
    const page = await session.newPage({ timezoneId: "Europe/Berlin", locale: "de-DE" });
    const errors = collectPageErrors(page);
    const signIn = new SignInPage(page, baseUrl);
    await signIn.open("/profile");
    await signIn.createAccount("Ada Lovelace", `ada-${Date.now()}@example.org`, PASSWORD);
    await page.waitForURL(`${baseUrl}/profile`);

    // The new profile took this device's time zone and language.
    await expect.poll(() => page.getByLabel("Time zone").inputValue()).toBe("Europe/Berlin");
    expect(await page.getByLabel("Language and region").inputValue()).toBe("de-DE");

    await page.getByLabel("Display name").fill("Countess Ada");
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved").waitFor();
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Countess Ada/ })
      .waitFor();

    const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tandem-avatar-")), "me.png");
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#cc3366" } })
      .png()
      .toFile(picture);
    await page.getByLabel("Choose a picture").setInputFiles(picture);
    await page.getByText("Picture updated").waitFor();
    const avatar = page
      .getByRole("banner")
      .getByRole("link", { name: /your profile/ })
      .locator("img");
    await avatar.waitFor();
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    await page.reload();
    expect(await page.getByLabel("Display name").inputValue()).toBe("Countess Ada");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("America/New_York");

    await page.goto(`${baseUrl}/account-management`);
    await page.getByText("This browser").waitFor();
    expect(await page.getByText(/Chrome on Linux/).count()).toBeGreaterThan(0);
    await page.getByLabel("Token name").fill("Home automation");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByLabel("New token").textContent())!;
    expect(token).toMatch(/^tdm_/);
    const viaToken = await fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await viaToken.json()).toMatchObject({ name: "Countess Ada" });
    await page.getByRole("button", { name: "Revoke Home automation" }).click();
    await page.getByText("You have no API tokens.").waitFor();
    expect((await fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    await page.getByRole("link", { name: /Delete my account/ }).click();
    await page.waitForURL(`${baseUrl}/delete-account`);
    // The personal group took the new display name along.
    await page.getByRole("main").getByText("Countess Ada's Task Manager").waitFor();
    const confirm = page.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await confirm.click();
    await page.waitForURL(`${baseUrl}/goodbye`);
    await page.getByRole("heading", { name: "Goodbye" }).waitFor();
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toEqual({
      user: null,
    });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key !== "theme"))).toEqual([]);
    expect(errors).toEqual([]);
  });

  // A server of its own: signing in again needs a sign-in older than the database says.
  describe("with a server whose database the test reads", () => {
    let database: TestDatabase;
    let server: RunningServer;
    beforeAll(async () => {
      database = await createSqliteDatabase();
      server = await startServer(database);
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    it("changes the password with the current one, signing other browsers out, and fills in the address when signing in again to delete", async () => {
      const email = `pia-${Date.now()}@example.org`;
      const newPassword = "copper-lantern-meadow-41";
      const { client: elsewhere, id } = await signUp(server.baseUrl, "Pia Password", email);
      const here = await signInWithBuiltinProvider(
        server.baseUrl,
        { email, password: STRONG_PASSWORD },
        { mode: "login" },
      );
      const context = await session.newContext();
      await context.addCookies([
        { name: "tandem_session", value: here.client.cookie("tandem_session")!, url: server.baseUrl },
      ]);
      const page = await context.newPage();
      const errors = collectPageErrors(page);

      await page.goto(`${server.baseUrl}/account-management`);
      const change = page.getByRole("region", { name: "Change password" });
      await change.getByLabel("Current password").fill("not-the-password-123");
      await change.getByLabel("New password").fill(newPassword);
      await change.getByText(/^Strength:/).waitFor();
      await change.getByRole("button", { name: "Change password" }).click();
      await change.getByRole("alert").getByText(ACCOUNT_EMAIL_MESSAGES.wrongCurrentPassword).waitFor();
      await change.getByLabel("Current password").fill(STRONG_PASSWORD);
      await change.getByRole("button", { name: "Change password" }).click();
      await change.getByRole("status").getByText(ACCOUNT_EMAIL_MESSAGES.passwordChangedSignedIn).waitFor();
      expect(await change.getByLabel("Current password").inputValue()).toBe("");
      expect((await elsewhere.request("/api/me")).status).toBe(401);

      // Deleting needs a sign-in within 15 minutes: the provider asks only for the password.
      const longAgo = new Date(Date.now() - 20 * 60_000).toISOString();
      await server.database.db.updateTable("sessions").set({ created_at: longAgo }).where("user_id", "=", id).execute();
      server.app.deps.credentials.clear();
      await page.goto(`${server.baseUrl}/delete-account`);
      await page.getByRole("link", { name: "Sign in again" }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(email);
      await page.getByLabel("Password").fill(newPassword);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${server.baseUrl}/delete-account`);
      await page.getByLabel("Type DELETE to confirm").waitFor();
      expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    });
  });
});
