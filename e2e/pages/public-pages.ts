import type { Locator } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";

/** The landing page a visitor sees at / (the spec's /landing leads there). */
export class LandingPage extends AppPage {
  /** The "Create account" link in the page's own text (not the header's). */
  createAccountLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: "Create account" });
  }

  /** The pictures of the app a reader sees now ("laptop" or "phone"); hidden ones are left out. */
  productPicture(device: "laptop" | "phone"): Locator {
    return this.page.getByRole("main").getByRole("img", { name: new RegExp(`on a ${device}:`) });
  }

  /** Waits until the picture has loaded and says which file it shows and at what size. */
  async pictureShown(
    device: "laptop" | "phone",
  ): Promise<{ file: string; width: string | null; height: string | null }> {
    const picture = this.productPicture(device);
    await picture.scrollIntoViewIfNeeded();
    await picture.evaluate((image: HTMLImageElement) =>
      image.complete && image.naturalWidth > 0
        ? undefined
        : new Promise((resolve) => image.addEventListener("load", resolve, { once: true })),
    );
    return {
      file: await picture.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname.split("/").pop()!),
      width: await picture.getAttribute("width"),
      height: await picture.getAttribute("height"),
    };
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

  /** The way back: "Go to the start page" for a visitor, "Back to your tasks" signed in. */
  startPageLink(): Locator {
    return this.page.getByRole("link", { name: /^(Go to the start page|Back to your tasks)$/ });
  }
}

/**
 * The public site's chrome as any page shows it: the header's links, the phone menu (a
 * disclosure below 640 px) and the footer; and whether the app's chrome is there instead.
 */
export class PublicChrome extends AppPage {
  /**
   * The phone menu's button: a <summary>, which browsers expose as a disclosure button with its
   * expanded state (Playwright gives it no role, so it is found as what it is).
   */
  menuButton(): Locator {
    return this.header().locator("summary").filter({ hasText: "Menu" });
  }

  /** The phone menu's links, present for assistive technology only while it is open. */
  menuLinks(): Locator {
    return this.header().getByRole("navigation", { name: "Main" }).getByRole("link");
  }

  async menuIsOpen(): Promise<boolean> {
    return this.page.locator("header details").evaluate((details) => (details as HTMLDetailsElement).open);
  }

  /** The footer's sentence naming who runs the instance, if the operator configured it. */
  operatorSentence(): Locator {
    return this.page.getByRole("contentinfo").getByText(/is run by/);
  }

  /** Whether the page shows the public footer (the public layout). */
  hasPublicFooter(): Promise<boolean> {
    return this.footerNav().isVisible();
  }

  /** Whether the page shows the app's chrome: its notification bell, which the public layout never has. */
  hasAppChrome(): Promise<boolean> {
    return this.notificationBell().first().isVisible();
  }

  /**
   * Records from the first paint whether the app's chrome (its bell) ever appears in the page, for
   * a check that a visitor never sees it, not even for a moment. Call before the page loads.
   */
  async watchForAppChrome(): Promise<void> {
    await this.page.addInitScript(() => {
      const seen = () => document.querySelector('a[href="/notifications"]') !== null;
      new MutationObserver(() => {
        if (seen()) Object.assign(window, { appChromeSeen: true });
      }).observe(document, { childList: true, subtree: true });
    });
  }

  appChromeSeen(): Promise<boolean> {
    return this.page.evaluate(() => "appChromeSeen" in window);
  }

  /** Moves to a path the way a link in the app does (no page load). */
  async navigateInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState({}, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  }

  /** The top of a section of /settings, relative to the window (near 0 when it was scrolled to). */
  sectionTop(id: string): Promise<number | null> {
    return this.page.evaluate(
      (sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? null,
      id,
    );
  }
}
