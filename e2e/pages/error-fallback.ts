import type { Locator, Page } from "playwright-core";

/** What a page that failed to load shows inside the layout: the message and the ways on. */
export class ErrorFallback {
  constructor(readonly page: Page) {}

  heading(text: string): Locator {
    return this.page.getByRole("heading", { name: text });
  }

  alert(): Locator {
    return this.page.getByRole("alert");
  }

  async reloadPage(): Promise<void> {
    await this.page.getByRole("button", { name: "Reload page" }).click();
  }

  /** Offline, on a page whose code this device does not have: the button that opens it later. */
  waitingForNetwork(): Locator {
    return this.page.getByRole("button", { name: "Waiting for the network…" });
  }

  async openPage(): Promise<void> {
    await this.page.getByRole("button", { name: "Open the page" }).click();
  }

  async copyDetails(): Promise<void> {
    await this.page.getByRole("button", { name: "Copy details for support" }).click();
  }
}
