import type { Locator, Page } from "playwright-core";

/** "Forgot password?" on the provider's sign-in step, and the /reset-password page the email opens. */
export class PasswordResetPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** On the provider's sign-in step: asks for a reset link and returns the answer shown. */
  async askForLink(email: string): Promise<string> {
    await this.page.getByRole("button", { name: "Forgot password?" }).click();
    await this.page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByRole("button", { name: "Send reset link" }).click();
    return (await this.page.getByRole("status").textContent()) ?? "";
  }

  async openLink(link: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  }

  newPassword(): Locator {
    return this.page.getByLabel("New password");
  }

  strengthText(): Locator {
    return this.page.getByText(/^Strength:/);
  }

  async setPassword(password: string): Promise<void> {
    await this.newPassword().fill(password);
    await this.strengthText().waitFor();
    await this.page.getByRole("button", { name: "Set new password" }).click();
  }

  alert(): Locator {
    return this.page.getByRole("alert");
  }

  status(): Locator {
    return this.page.getByRole("status");
  }
}

/** /admin with its Outbox section, as an instance admin sees it. */
export class AdminOutboxPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/admin`);
    await this.page.getByRole("heading", { name: "Administration", level: 1 }).waitFor();
  }

  /** The emails listed in the outbox section, newest first. */
  messages(): Locator {
    return this.page.getByRole("list", { name: "Emails, newest first" }).getByRole("article");
  }

  /** The newest email whose text mentions `text` (a recipient, say). */
  message(subject: string, text: string): Locator {
    return this.messages().filter({ hasText: subject }).filter({ hasText: text }).first();
  }
}
