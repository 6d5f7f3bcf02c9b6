import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

export type NotifyLabel = "All messages" | "Only mentions" | "Nothing (muted)";

/** /messaging-settings (module messaging): read receipts and each conversation's notifications. */
export class MessagingSettingsPage extends AppScreen {
  readonly path = "/messaging-settings";
  readonly headingName = "Messaging settings";

  readReceipts(): Locator {
    return this.page.getByRole("switch", { name: "Share read receipts" });
  }

  /** A conversation's choices, by its name: "The Millers: Group conversation", "The Millers: Picnic (task)". */
  conversation(name: string): Locator {
    return this.page.getByRole("radiogroup", { name, exact: true });
  }

  choice(conversation: string, label: NotifyLabel): Locator {
    return this.conversation(conversation).getByRole("radio", { name: label, exact: true });
  }

  /** Chooses as a pointer does: on the option's text (the radio itself is visually hidden). */
  async choose(conversation: string, label: NotifyLabel): Promise<void> {
    await this.conversation(conversation).getByText(label, { exact: true }).click();
  }
}
