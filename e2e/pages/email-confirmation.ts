import type { Locator, Page } from "playwright-core";
import { AppPage } from "./app-page";

/** /verify-email?token=…, opened from the confirmation email. */
export class VerifyEmailPage extends AppPage {
  /** Opens the emailed link and waits until the page names the confirmed address. */
  async confirm(link: string, email: string): Promise<void> {
    await this.openUrl(link);
    await this.text(email).first().waitFor();
  }
}

/** The notice above the task list (and on /invitations) while the user's address is not confirmed. */
export class ConfirmEmailNotice {
  constructor(readonly page: Page) {}

  region(): Locator {
    return this.page.getByRole("region", { name: "Confirm your email address" });
  }

  text(text: string): Locator {
    return this.region().getByText(text);
  }

  /** Puts the notice away on this device. */
  async notNow(): Promise<void> {
    await this.region()
      .getByRole("button", { name: /^Not now/ })
      .click();
  }

  resendButton(): Locator {
    return this.region().getByRole("button", { name: "Send the confirmation email" });
  }

  /** The notice's answer once a new link is on its way. */
  resent(): Locator {
    return this.region().getByRole("status").filter({ hasText: "We have sent you a new confirmation link" });
  }
}
