import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** /isolated-messaging (module messaging): the groups' conversations and the open one's messages. */
export class MessagingPage extends AppPage {
  async open(groupId?: string): Promise<void> {
    await this.goto(groupId ? `/isolated-messaging?group=${encodeURIComponent(groupId)}` : "/isolated-messaging");
    await this.waitForHeading("Messages");
  }

  /** A group's entry in the list of conversations. */
  conversationLink(groupName: string): Locator {
    return this.page
      .getByRole("navigation", { name: "Conversations" })
      .getByRole("link", { name: new RegExp(groupName) });
  }

  messages(): Locator {
    return this.page.getByRole("list", { name: "Messages" });
  }

  /** A message by its text. */
  message(text: string | RegExp): Locator {
    return this.messages().getByRole("listitem").filter({ hasText: text });
  }

  input(): Locator {
    return this.page.getByRole("textbox", { name: "Message", exact: true });
  }

  /** Types a message and presses Enter, as a user sends one. */
  async send(text: string): Promise<void> {
    await this.input().fill(text);
    await this.input().press("Enter");
  }
}
