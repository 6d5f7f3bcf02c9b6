import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /profile: display name, picture, time zone and language. */
export class ProfilePage extends AppScreen {
  readonly path = "/profile";
  readonly headingName = "Profile";

  displayName(): Locator {
    return this.page.getByLabel("Display name");
  }

  timeZone(): Locator {
    return this.page.getByLabel("Time zone");
  }

  language(): Locator {
    return this.page.getByLabel("Language and region");
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save profile" }).click();
  }

  /** Uploads a picture file, as the file chooser would. */
  async choosePicture(file: string): Promise<void> {
    await this.page.getByLabel("Choose a picture").setInputFiles(file);
  }
}

/** /account-management ("Account"): sign-in, password, signed-in browsers, API tokens, the way to delete. */
export class AccountManagementPage extends AppScreen {
  readonly path = "/account-management";
  readonly headingName = "Account";

  /** Creates an API token and returns it, as the page shows it this once. */
  async createToken(name: string): Promise<string> {
    await this.page.getByLabel("Token name").fill(name);
    await this.page.getByRole("button", { name: "Create token" }).click();
    return (await this.page.getByLabel("New token").textContent()) ?? "";
  }

  async revokeToken(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Revoke ${name}` }).click();
  }

  deleteAccountLink(): Locator {
    return this.page.getByRole("link", { name: /Delete my account/ });
  }

  /** The "Change password" section. */
  changePassword(): ChangePasswordSection {
    return new ChangePasswordSection(this.page.getByRole("region", { name: "Change password" }));
  }
}

export class ChangePasswordSection {
  constructor(readonly region: Locator) {}

  currentPassword(): Locator {
    return this.region.getByLabel("Current password");
  }

  /** Fills both fields (waiting for the strength meter to rate the new one) and submits. */
  async change(current: string, next: string): Promise<void> {
    await this.currentPassword().fill(current);
    await this.region.getByLabel("New password").fill(next);
    await this.region.getByText(/^Strength:/).waitFor();
    await this.submit();
  }

  async submit(): Promise<void> {
    await this.region.getByRole("button", { name: "Change password" }).click();
  }

  /** The section's error, when it says `text`. */
  error(text: string): Locator {
    return this.region.getByRole("alert").getByText(text);
  }

  /** The section's confirmation, when it says `text`. */
  confirmation(text: string): Locator {
    return this.region.getByRole("status").getByText(text);
  }
}

/** /delete-account: what goes, and the typed confirmation. */
export class DeleteAccountPage extends AppScreen {
  readonly path = "/delete-account";
  readonly headingName = "Delete account";

  /** Text in the page's main part (what will be deleted). */
  mainText(text: string): Locator {
    return this.page.getByRole("main").getByText(text);
  }

  confirmButton(): Locator {
    return this.page.getByRole("button", { name: "Delete my account" });
  }

  confirmationField(): Locator {
    return this.page.getByLabel("Type DELETE to confirm");
  }

  /** Offered when the last sign-in is too long ago to delete: it goes through the provider again. */
  signInAgainLink(): Locator {
    return this.page.getByRole("link", { name: "Sign in again" });
  }
}

/** /goodbye, shown once the account is deleted. */
export class GoodbyePage extends AppScreen {
  readonly path = "/goodbye";
  readonly headingName = "Goodbye";
}
