import type { FrameLocator, Locator, Page } from "playwright-core";

export interface ReceivedMessage {
  origin: string;
  data: { type?: string; pathname?: string; timestamp?: number } | null;
}

/** The embedding test site (e2e/support/embed-host.ts): frames the app and records what it posts. */
export class EmbedHostPage {
  constructor(
    readonly page: Page,
    readonly embedHostUrl: string,
  ) {}

  async open(appUrl: string): Promise<void> {
    await this.page.goto(`${this.embedHostUrl}/?src=${encodeURIComponent(appUrl)}`);
  }

  /** The app inside the iframe. */
  app(): FrameLocator {
    return this.page.frameLocator("#app");
  }

  /** Waits until the framed app's h1 says `name`. */
  async waitForAppHeading(name: string): Promise<void> {
    await this.app().getByRole("heading", { level: 1, name }).waitFor();
  }

  /** A link of the framed app's footer, by its exact name. */
  appFooterNavLink(name: string): Locator {
    return this.app().getByRole("navigation", { name: "Footer" }).getByRole("link", { name, exact: true });
  }

  received(): Promise<ReceivedMessage[]> {
    return this.page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
  }

  /** Waits until the parent has received at least `count` messages of a type (optionally for a pathname). */
  async waitForMessages(count: number, type: string, options: { pathname?: string; timeout?: number } = {}) {
    await this.page.waitForFunction(
      ({ count, type, pathname }) =>
        (window as unknown as { received: ReceivedMessage[] }).received.filter(
          (message) => message.data?.type === type && (pathname === undefined || message.data.pathname === pathname),
        ).length >= count,
      { count, type, pathname: options.pathname },
      options.timeout === undefined ? {} : { timeout: options.timeout },
    );
  }
}
