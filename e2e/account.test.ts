import path from "node:path";
import os from "node:os";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ACCOUNT_EMAIL_MESSAGES } from "../domain/account-email-messages";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AccountManagementPage, DeleteAccountPage, GoodbyePage, ProfilePage } from "./pages/account-pages";
import { SignInPage } from "./pages/sign-in-page";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const PASSWORD = "violet-harbour-kettle-93";

describe("profile, account management and account deletion", () => {
  const session = useBrowser();

  it("sends a visitor on a signed-in-only page to sign in, and back to that page afterwards", async () => {
    const page = await session.newPage();
    const profile = new ProfilePage(page, baseUrl);
    await profile.visit();
    await page.waitForURL(`${baseUrl}/login?next=%2Fprofile`);
    const signIn = new SignInPage(page, baseUrl);
    await signIn.continueToProvider();
    await signIn.createAccount("Grace Hopper", `grace-${Date.now()}@example.org`, PASSWORD);
    await page.waitForURL(`${baseUrl}/profile`);
    await profile.waitFor();
  });

  it("edits the profile and picture, manages browsers and tokens, then deletes the account", async () => {
    const page = await session.newPage({ timezoneId: "Europe/Berlin", locale: "de-DE" });
    const errors = collectPageErrors(page);
    const signIn = new SignInPage(page, baseUrl);
    await signIn.open("/profile");
    await signIn.createAccount("Ada Lovelace", `ada-${Date.now()}@example.org`, PASSWORD);
    await page.waitForURL(`${baseUrl}/profile`);
    const profile = new ProfilePage(page, baseUrl);

    // The new profile took this device's time zone and language.
    await expect.poll(() => profile.timeZone().inputValue()).toBe("Europe/Berlin");
    expect(await profile.language().inputValue()).toBe("de-DE");

    await profile.displayName().fill("Countess Ada");
    await profile.timeZone().selectOption("America/New_York");
    await profile.save();
    await profile.text("Profile saved").waitFor();
    await profile.profileLink(/Countess Ada/).waitFor();

    const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tandem-avatar-")), "me.png");
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#cc3366" } })
      .png()
      .toFile(picture);
    await profile.choosePicture(picture);
    await profile.text("Picture updated").waitFor();
    const avatar = profile.avatar();
    await avatar.waitFor();
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    await page.reload();
    expect(await profile.displayName().inputValue()).toBe("Countess Ada");
    expect(await profile.timeZone().inputValue()).toBe("America/New_York");

    const account = new AccountManagementPage(page, baseUrl);
    await account.open();
    await account.text("This browser").waitFor();
    expect(await account.text(/Chrome on Linux/).count()).toBeGreaterThan(0);
    const token = await account.createToken("Home automation");
    expect(token).toMatch(/^tdm_/);
    const viaToken = await fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await viaToken.json()).toMatchObject({ name: "Countess Ada" });
    await account.revokeToken("Home automation");
    await account.text("You have no API tokens.").waitFor();
    expect((await fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    await account.deleteAccountLink().click();
    await page.waitForURL(`${baseUrl}/delete-account`);
    const deleteAccount = new DeleteAccountPage(page, baseUrl);
    // The personal group took the new display name along.
    await deleteAccount.mainText("Countess Ada's Task Manager").waitFor();
    const confirm = deleteAccount.confirmButton();
    expect(await confirm.isDisabled()).toBe(true);
    await deleteAccount.confirmationField().fill("DELETE");
    await confirm.click();
    await page.waitForURL(`${baseUrl}/goodbye`);
    await new GoodbyePage(page, baseUrl).waitFor();
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

      const account = new AccountManagementPage(page, server.baseUrl);
      await account.open();
      const change = account.changePassword();
      await change.change("not-the-password-123", newPassword);
      await change.error(ACCOUNT_EMAIL_MESSAGES.wrongCurrentPassword).waitFor();
      await change.currentPassword().fill(STRONG_PASSWORD);
      await change.submit();
      await change.confirmation(ACCOUNT_EMAIL_MESSAGES.passwordChangedSignedIn).waitFor();
      expect(await change.currentPassword().inputValue()).toBe("");
      expect((await elsewhere.request("/api/me")).status).toBe(401);

      // Deleting needs a sign-in within 15 minutes: the provider asks only for the password.
      const longAgo = new Date(Date.now() - 20 * 60_000).toISOString();
      await server.database.db.updateTable("sessions").set({ created_at: longAgo }).where("user_id", "=", id).execute();
      server.app.deps.credentials.clear();
      const deleteAccount = new DeleteAccountPage(page, server.baseUrl);
      await deleteAccount.visit();
      await deleteAccount.signInAgainLink().click();
      await page.waitForURL(/\/oidc\/interaction\//);
      const signIn = new SignInPage(page, server.baseUrl);
      await expect.poll(() => signIn.emailInput().inputValue()).toBe(email);
      await signIn.signInWithPassword(newPassword);
      await page.waitForURL(`${server.baseUrl}/delete-account`);
      await deleteAccount.confirmationField().waitFor();
      expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    });
  });
});
