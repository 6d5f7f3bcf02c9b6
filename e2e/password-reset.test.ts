import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxPage } from "../domain/account-email";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { AdminPage } from "./pages/admin-page";
import { PasswordResetPages } from "./pages/password-reset-pages";
import { SignInPage } from "./pages/sign-in-page";
import { collectPageErrors, useBrowser } from "./support/session";

const OLD_PASSWORD = "violet-harbour-kettle-93";
const NEW_PASSWORD = "copper-lantern-meadow-41";

/**
 * An instance of its own (the built app, a fresh SQLite file, no SMTP_URL), so its first account
 * is the admin who reads the outbox, whatever other browser tests did on the shared server.
 */
describe("forgotten password, with the link read from the admin outbox", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  let baseUrl: string;
  const admin = { name: "Olive Admin", email: "olive@example.org" };
  const member = { name: "Bea Member", email: "bea@example.org" };

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function signUp(page: Page, account: { name: string; email: string }) {
    const signIn = new SignInPage(page, baseUrl);
    await signIn.open();
    await signIn.createAccount(account.name, account.email, OLD_PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
  }

  /** The newest reset link for an address, through the admin API in the admin's browser. */
  async function resetLinkFor(adminPage: Page, email: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outbox = await adminPage.evaluate(
        () => fetch("/api/admin/outbox").then((response) => response.json()) as Promise<OutboxPage>,
      );
      const mail = outbox.messages.find((message) => message.to === email && message.subject.startsWith("Reset"));
      const link = mail && /(\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no reset email for ${email} in the outbox`);
  }

  it("asks for a link, reads it in the outbox, sets a new password on the reset page, and signs in with it", async () => {
    const adminPage = await session.newPage();
    await signUp(adminPage, admin);
    await signUp(await session.newPage(), member);

    const page = await session.newPage();
    const errors = collectPageErrors(page);
    const signIn = new SignInPage(page, baseUrl);
    const reset = new PasswordResetPages(page, baseUrl);
    await signIn.open();
    const answer = await reset.askForLink(member.email);
    expect(answer).toContain("If an account with this email address exists, we have sent it a link");

    const link = await resetLinkFor(adminPage, member.email);
    const outboxPage = new AdminPage(adminPage, baseUrl);
    await outboxPage.open();
    await outboxPage.message("Reset your Tandem password", member.email).waitFor();
    expect(await outboxPage.message("Reset your Tandem password", member.email).textContent()).toContain(link);
    // The link is one to open or copy, not only text.
    const shown = outboxPage.messageLink("Reset your Tandem password", member.email, link);
    expect(await shown.getAttribute("href")).toBe(link);

    await reset.openLink(link);
    await reset.forAccount(member.email).waitFor();
    await reset.newPassword().fill("password1");
    expect(await reset.strengthText().textContent()).toMatch(/Strength: (Very weak|Weak)/);
    await reset.setPassword(NEW_PASSWORD);
    await reset.status().filter({ hasText: "Your password is changed" }).waitFor();

    await reset.signInAgainLink().click();
    await signIn.continueToProvider();
    await signIn.signIn(member.email, OLD_PASSWORD);
    expect(await signIn.alert().textContent()).toContain("The email or password is not right.");
    await signIn.signIn(member.email, NEW_PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))).toMatchObject({
      user: { email: member.email, emailVerified: true },
    });

    // The link is spent: opening it again says so before anyone types.
    await reset.openUrl(link);
    expect(await reset.alert().textContent()).toContain("This link is not valid or was already used.");

    // A member who is not an admin is told so on /admin.
    const notAdmin = new AdminPage(page, baseUrl);
    await notAdmin.visit();
    await notAdmin.onlyForAdministrators().waitFor();
    // Only the answers this story expects: the wrong password, the spent link, the admin page.
    expect(errors.filter((error) => !/status of (401|403|410)\b/.test(error))).toEqual([]);
  });
});
