import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** The assistant: its header button and the floating panel on every signed-in page. */
export class AssistantPanel extends AppPage {
  launcher(): Locator {
    return this.header().getByRole("button", { name: "Assistant", exact: true });
  }

  panel(): Locator {
    return this.page.getByRole("region", { name: "Assistant" });
  }

  input(): Locator {
    return this.panel().getByRole("textbox", { name: "Message to the assistant" });
  }

  sendButton(): Locator {
    return this.panel().getByRole("button", { name: "Send" });
  }

  async say(message: string): Promise<void> {
    await this.input().fill(message);
    await this.input().press("Enter");
  }

  /** The proposal card whose title is `title`. */
  proposal(title: string | RegExp): Locator {
    return this.panel()
      .getByRole("listitem")
      .filter({ has: this.page.getByText(title, { exact: true }) })
      .last();
  }

  /** The titles of the proposals on screen, oldest first. */
  async proposalTitles(): Promise<string[]> {
    return this.panel().getByRole("list", { name: "Proposals" }).locator("> li > p:nth-of-type(2)").allTextContents();
  }

  proposalButton(title: string | RegExp, name: "Approve" | "Edit" | "Reject" | "Try again"): Locator {
    return this.proposal(title).getByRole("button", { name, exact: true });
  }

  minimizeButton(): Locator {
    return this.panel().getByRole("button", { name: "Minimize the assistant" });
  }

  closeButton(): Locator {
    return this.panel().getByRole("button", { name: "Close the assistant" });
  }

  minimizedBar(): Locator {
    return this.page.getByRole("button", { name: /^Assistant \(minimized/ });
  }

  voiceButton(): Locator {
    return this.panel().getByRole("button", { name: "Speak instead of typing" });
  }

  photoInput(): Locator {
    return this.panel().locator('input[type="file"]:not([capture])');
  }

  panelText(text: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.panel().getByText(text, options);
  }
}
