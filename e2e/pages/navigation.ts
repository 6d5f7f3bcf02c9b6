import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

export interface Box {
  name: string;
  width: number;
  height: number;
}

/** The signed-in app's navigation: the sidebar on wide screens, the bar and its More sheet on phones. */
export class Navigation extends AppPage {
  /** The labelled column on the left (from 1024 px). */
  sidebar(): Locator {
    return this.page.locator("aside").getByRole("navigation", { name: "App" });
  }

  /** A link of the sidebar by the start of its name (a count may follow: "Today, 3 due today or overdue"). */
  sidebarLink(name: string): Locator {
    return this.sidebar().getByRole("link", { name: startsWith(name) });
  }

  /** The sidebar's list of the user's groups. */
  groupList(): Locator {
    return this.sidebar().getByRole("list", { name: "Your groups" });
  }

  groupLink(name: string): Locator {
    return this.groupList().getByRole("link", { name: startsWith(name) });
  }

  /** What each of the sidebar's links shows on screen, in order ("Today 3", "Dashboard"…). */
  async sidebarLabels(): Promise<string[]> {
    const links = await this.sidebar().getByRole("link").all();
    // A group's settings link (an icon, shown on hover) has no text of its own.
    return (await Promise.all(links.map((link) => link.evaluate(visibleText)))).filter(Boolean);
  }

  /** The number an item shows beside its name; null when it shows none. */
  async countOf(link: Locator): Promise<number | null> {
    const shown = await link.evaluate(visibleText);
    const count = /(\d+)\+?$/.exec(shown)?.[1];
    return count === undefined ? null : Number(count);
  }

  /** The bar fixed at the bottom on phones. */
  phoneBar(): Locator {
    return this.page
      .getByRole("navigation", { name: "App" })
      .filter({ has: this.page.getByRole("button", { name: "More", exact: true }) });
  }

  phoneBarLink(name: string): Locator {
    return this.phoneBar().getByRole("link", { name: startsWith(name) });
  }

  addButton(): Locator {
    return this.phoneBar().getByRole("button", { name: "Add task", exact: true });
  }

  moreButton(): Locator {
    return this.phoneBar().getByRole("button", { name: "More", exact: true });
  }

  moreSheet(): Locator {
    return this.page.getByRole("dialog", { name: "More" });
  }

  moreSheetLink(name: string): Locator {
    return this.moreSheet().getByRole("link", { name: startsWith(name) });
  }

  /** The quick-add field of the page on screen. */
  quickAddField(): Locator {
    return this.page
      .getByRole("form", { name: /add a task/i })
      .getByRole("textbox")
      .first();
  }

  /** Whether the element has the keyboard focus. */
  isFocused(locator: Locator): Promise<boolean> {
    return locator.evaluate((element) => element === document.activeElement);
  }

  /** Width and height of every control of the bar and of the header, by name. */
  async tapTargets(): Promise<Box[]> {
    const controls = this.page.locator("header a, header button, [data-phone-bar] a, [data-phone-bar] button");
    return controls.evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name =
            element.getAttribute("aria-label") ?? element.getAttribute("title") ?? element.textContent?.trim() ?? "";
          return { name, width: box.width, height: box.height };
        }),
    );
  }

  /** The top edge of the phone bar, in window coordinates. */
  async phoneBarTop(): Promise<number> {
    return (await this.phoneBar().boundingBox())!.y;
  }

  /** Scrolls the window as far down as it goes. */
  async scrollToEnd(): Promise<void> {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }
}

function startsWith(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
}

/** The text of an element a sighted user reads: visually hidden parts (sr-only, 1 px wide) left out. */
function visibleText(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && parent.getBoundingClientRect().width > 1) parts.push(node.textContent ?? "");
  }
  return parts.join(" ").replace(/\s+/g, " ").trim();
}
