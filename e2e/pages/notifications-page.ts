import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /notifications: the notification center and what to be told about. */
export class NotificationsPage extends AppScreen {
  readonly path = "/notifications";
  readonly headingName = "Notifications";

  async markAllRead(): Promise<void> {
    await this.page.getByRole("button", { name: "Mark all read" }).click();
  }

  /** An entry of the list, by its name (it ends in "(unread)" while unread); it opens what it is about. */
  entry(name: RegExp): Locator {
    return this.page.getByRole("link", { name });
  }

  /** "All read", shown when there is nothing unread. */
  allReadHeading(): Locator {
    return this.page.getByRole("heading", { name: "All read" });
  }

  /** The switch of one kind of notification ("Tasks", "Groups"…). */
  kindSwitch(kind: string): Locator {
    return this.page.getByRole("switch", { name: kind, exact: true });
  }

  /** Sets quiet hours for email, "21:30" to "06:45". */
  async setQuietHours(from: string, to: string): Promise<void> {
    await this.page.getByLabel("From").fill(from);
    await this.page.getByLabel("To", { exact: true }).fill(to);
    await this.page.getByRole("button", { name: "Set quiet hours" }).click();
  }

  async clearQuietHours(): Promise<void> {
    await this.page.getByRole("button", { name: "No quiet hours" }).click();
  }
}
