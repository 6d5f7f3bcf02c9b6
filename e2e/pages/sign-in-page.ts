import type { Page } from "playwright-core";

/** /login and the built-in provider's sign-in step, as a user sees them. */
export class SignInPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(next?: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    await this.page.getByRole("link", { name: /Sign in or create an account/ }).click();
    await this.page.waitForURL(/\/oidc\/interaction\//);
  }

  async createAccount(name: string, email: string, password: string): Promise<void> {
    await this.page.getByRole("tab", { name: "Create account" }).click();
    await this.page.getByLabel("Name").fill(name);
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByText(/^Strength:/).waitFor();
    await this.page.getByRole("button", { name: "Create account" }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  strengthText() {
    return this.page.getByText(/^Strength:/);
  }

  alert() {
    return this.page.getByRole("alert");
  }
}
