import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** /login and the built-in provider's sign-in step, as a user sees them. */
export class SignInPage extends AppPage {
  /** Loads /login (with a query such as "?next=…"), without going on to the provider. */
  async openLogin(search = ""): Promise<void> {
    await this.goto(`/login${search}`);
  }

  /** Opens /login and goes on to the provider's sign-in step. */
  async open(next?: string): Promise<void> {
    await this.openLogin(next ? `?next=${encodeURIComponent(next)}` : "");
    await this.continueToProvider();
  }

  /** /login's way on to the provider. */
  providerLink(): Locator {
    return this.page.getByRole("link", { name: /Sign in or create an account/ });
  }

  async continueToProvider(): Promise<void> {
    await this.providerLink().click();
    await this.page.waitForURL(/\/oidc\/interaction\//);
  }

  /** On /login after a failed sign-in: the error it names. */
  loginError(text: string): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }

  /** On /login when already signed in: the way on to the next page. */
  continueLink(): Locator {
    return this.page.getByRole("link", { name: "Continue" });
  }

  createAccountTab(): Locator {
    return this.page.getByRole("tab", { name: "Create account" });
  }

  nameInput(): Locator {
    return this.page.getByLabel("Name");
  }

  emailInput(): Locator {
    return this.page.getByLabel("Email");
  }

  passwordInput(): Locator {
    return this.page.getByLabel("Password");
  }

  async createAccount(name: string, email: string, password: string): Promise<void> {
    await this.createAccountTab().click();
    await this.nameInput().fill(name);
    await this.emailInput().fill(email);
    await this.passwordInput().fill(password);
    await this.strengthText().waitFor();
    await this.page.getByRole("button", { name: "Create account" }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.signInWithPassword(password);
  }

  /** Signs in with the address already in the form (the provider fills it in when signing in again). */
  async signInWithPassword(password: string): Promise<void> {
    await this.passwordInput().fill(password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  strengthText(): Locator {
    return this.page.getByText(/^Strength:/);
  }

  alert(): Locator {
    return this.page.getByRole("alert");
  }
}
