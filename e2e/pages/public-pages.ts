import type { Locator } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";

/** The landing page a visitor sees at / (the spec's /landing leads there). */
export class LandingPage extends AppPage {
  /** The "Create account" link in the page's own text (not the header's). */
  createAccountLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: "Create account" });
  }
}

/** /guides: the list of guides. */
export class GuidesPage extends AppScreen {
  readonly path = "/guides";
  readonly headingName = "Guides";

  /** A guide's link in the list, by its title. */
  guideLink(title: string): Locator {
    return this.page.getByRole("link", { name: new RegExp(`^${title}`) });
  }
}

/** A guide, at /<slug>. */
export class GuidePage extends AppPage {
  /** The article's section headings (h2 inside the article, whatever their names). */
  sectionHeadings(): Locator {
    return this.page.locator("article h2");
  }

  /** The article's paragraphs, for checking the text is in the page the server sent. */
  paragraphs(): Locator {
    return this.page.locator("article p");
  }

  /** The first link of "More guides" below the article: the next guide. */
  nextGuideLink(): Locator {
    return this.page.getByRole("navigation", { name: "More guides" }).getByRole("link").first();
  }
}

/** /blog: the posts, newest first. */
export class BlogPage extends AppPage {
  /** Every post's title (an h2 in the page's main part). */
  postHeadings(): Locator {
    return this.page.getByRole("main").getByRole("heading", { level: 2 });
  }

  newestPostHeading(): Locator {
    return this.page.getByRole("main").getByRole("listitem").first().getByRole("heading", { level: 2 });
  }

  newestPostLink(): Locator {
    return this.newestPostHeading().getByRole("link");
  }
}

/** /cookie-settings: what the site may keep in this browser. */
export class CookieSettingsPage extends AppScreen {
  readonly path = "/cookie-settings";
  readonly headingName = "Cookie settings";

  /** The switch that keeps the app (service worker and its files) on this device for offline use. */
  offlineSwitch(): Locator {
    return this.page.getByRole("switch", { name: "Keep the app on this device for offline use" });
  }
}

/** /contact (the spec's /contact-us leads there): the contact form. */
export class ContactPage extends AppScreen {
  readonly path = "/contact";
  readonly headingName = "Contact";

  form(): Locator {
    return this.page.getByRole("form", { name: "Contact form" });
  }

  async fill(fields: { name: string; email: string; subject?: string; message: string }): Promise<void> {
    await this.form().getByLabel("Your name").fill(fields.name);
    await this.form().getByLabel("Your email address").fill(fields.email);
    if (fields.subject !== undefined) await this.form().getByLabel("Subject (optional)").fill(fields.subject);
    await this.form().getByLabel("Message").fill(fields.message);
  }

  async send(): Promise<void> {
    await this.form().getByRole("button", { name: "Send message" }).click();
  }

  /** A field's reason for refusing what was typed, shown next to it. */
  fieldError(text: string): Locator {
    return this.form().getByText(text);
  }

  /** The confirmation once the message is sent. */
  sent(): Locator {
    return this.page.getByRole("status").filter({ hasText: "your message was sent" });
  }
}

/** The not-found page, shown for any unknown path. */
export class NotFoundPage extends AppPage {
  /** The path the page says it could not find. */
  missingPath(path: string): Locator {
    return this.page.getByText(path, { exact: true });
  }

  startPageLink(): Locator {
    return this.page.getByRole("link", { name: "Go to the start page" });
  }
}
