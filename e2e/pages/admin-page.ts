import type { Locator } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";

/** /admin as an instance admin sees it: the outbox, the contact messages, the way to the app icons. */
export class AdminPage extends AppScreen {
  readonly path = "/admin";
  readonly headingName = "Administration";

  /** What a signed-in user who is not an admin is shown instead. */
  onlyForAdministrators(): Locator {
    return this.page.getByRole("heading", { name: "Only for administrators" });
  }

  /** The emails listed in the outbox section, newest first. */
  messages(): Locator {
    return this.page.getByRole("list", { name: "Emails, newest first" }).getByRole("article");
  }

  /** The newest email whose text mentions `text` (a recipient, say). */
  message(subject: string, text: string): Locator {
    return this.messages().filter({ hasText: subject }).filter({ hasText: text }).first();
  }

  /** A link shown in an email of the outbox, by the address it shows. */
  messageLink(subject: string, text: string, link: string): Locator {
    return this.message(subject, text).getByRole("link", { name: link });
  }

  /** A message sent with the contact form, by its sender's name. */
  contactMessage(from: string): Locator {
    return this.page.getByRole("article", { name: `Message from ${from}` });
  }

  contactMessageText(from: string, text: string): Locator {
    return this.contactMessage(from).getByText(text);
  }

  /** The sender's address in a contact message, a link to answer them. */
  contactMessageReplyLink(from: string, email: string): Locator {
    return this.contactMessage(from).getByRole("link", { name: email });
  }

  /** Follows the link to the app icons page. */
  async openAppIcons(): Promise<AppIconsPage> {
    await this.page.getByRole("link", { name: /App icons/ }).click();
    return new AppIconsPage(this.page, this.baseUrl);
  }
}

/** The admin's app icons page: the icon at every size of the manifest, each with its download link. */
export class AppIconsPage extends AppPage {
  icons(): Locator {
    return this.page.getByRole("list", { name: "Icons" });
  }

  /** The preview of an icon file drawn at `size` pixels. */
  preview(file: string, size: number): Locator {
    return this.icons().getByRole("img", { name: `${file}, ${size} by ${size} pixels` });
  }

  downloadLink(file: string): Locator {
    return this.icons().getByRole("link", { name: `Download ${file}` });
  }
}
