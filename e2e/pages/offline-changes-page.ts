import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /offline: the changes this device holds, and those the server refused, with their reasons. */
export class OfflineChangesPage extends AppScreen {
  readonly path = "/offline";
  readonly headingName = "Offline changes";

  refused(): Locator {
    return this.page.getByRole("region", { name: "Refused by the server" });
  }

  /** A refused change, by how the page describes it ("Change task: Water the ferns"). */
  refusedChange(description: string): Locator {
    return this.refused().getByText(description);
  }

  /** The server's reason for the refused change. */
  refusalReason(): Locator {
    return this.refused().getByTestId("operation-error");
  }

  /** "None.", shown when nothing is refused. */
  noneRefused(): Locator {
    return this.refused().getByText("None.");
  }

  /** Sends a refused change again; `change` is its name in the buttons ('Change task "Water the ferns"'). */
  async retry(change: string): Promise<void> {
    await this.refused()
      .getByRole("button", { name: `Retry: ${change}` })
      .click();
  }

  async discard(change: string): Promise<void> {
    await this.refused()
      .getByRole("button", { name: `Discard: ${change}` })
      .click();
  }
}
