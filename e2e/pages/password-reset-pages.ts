import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** "Forgot password?" on the provider's sign-in step, and the /reset-password page the email opens. */
export class PasswordResetPages extends AppPage {
  /** On the provider's sign-in step: asks for a reset link and returns the answer shown. */
  async askForLink(email: string): Promise<string> {
    await this.page.getByRole("button", { name: "Forgot password?" }).click();
    await this.page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByRole("button", { name: "Send reset link" }).click();
    return (await this.page.getByRole("status").textContent()) ?? "";
  }

  async openLink(link: string): Promise<void> {
    await this.openUrl(link);
    await this.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  }

  /** The line naming the account whose password the link resets. */
  forAccount(email: string): Locator {
    return this.page.getByText(`For the account ${email}`);
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

  /** Offered once the password is changed. */
  signInAgainLink(): Locator {
    return this.page.getByRole("link", { name: "Sign in again" });
  }
}
