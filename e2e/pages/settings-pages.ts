import type { Locator, Page } from "playwright-core";

/** A page of the signed-in app, opened by path and recognised by its h1. */
abstract class AppScreen {
  abstract readonly path: string;
  abstract readonly heading: string;

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(search = ""): Promise<void> {
    await this.page.goto(`${this.baseUrl}${this.path}${search}`);
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole("heading", { name: this.heading, level: 1 }).waitFor();
  }

  /** A toast (sonner) showing this text. */
  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}

/** /core-settings: theme, completion feedback, assistant search. */
export class CoreSettingsPage extends AppScreen {
  readonly path = "/core-settings";
  readonly heading = "Core settings";

  switch(name: string): Locator {
    return this.page.getByRole("switch", { name });
  }

  async isOn(name: string): Promise<boolean> {
    return (await this.switch(name).getAttribute("aria-checked")) === "true";
  }

  /** Waits until the switches show the loaded settings. */
  async waitForSettings(): Promise<void> {
    await this.switch("Confetti").waitFor();
  }

  soundTheme(label: "Chime" | "Pop" | "Marimba"): Locator {
    return this.page.getByRole("radio", { name: new RegExp(`^${label}\\b`) });
  }

  /** Clicks the card, as a user does (the radio itself is visually hidden). */
  async chooseSoundTheme(label: "Chime" | "Pop" | "Marimba"): Promise<void> {
    await this.page
      .getByRole("group", { name: "Sound theme" })
      .locator("label")
      .filter({ has: this.soundTheme(label) })
      .click();
  }
}

/** /category-settings: the current group's categories. */
export class CategorySettingsPage extends AppScreen {
  readonly path = "/category-settings";
  readonly heading = "Categories";

  list(): Locator {
    return this.page.getByRole("list", { name: "Categories" });
  }

  /** A category's row, by its exact name. */
  row(name: string): Locator {
    return this.list()
      .getByRole("listitem")
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async names(): Promise<string[]> {
    return this.list()
      .locator(":scope > li p.font-medium")
      .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
  }

  async add(name: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "Add a category" });
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Add category" }).click();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Edit ${name}` }).click();
  }

  async rename(from: string, to: string): Promise<void> {
    await this.page.getByLabel(`Name of ${from}`).fill(to);
    await this.page.getByRole("button", { name: "Rename" }).click();
  }

  moveHandle(name: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Move ${name} \\(`) });
  }

  async delete(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Delete ${name}` }).click();
    await this.page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  }
}

/** /task-settings: task list options, categories offered first, backups. */
export class TaskSettingsPage extends AppScreen {
  readonly path = "/task-settings";
  readonly heading = "Task settings";

  /** The backup section of the user's own tasks, or of the current group. */
  backup(which: "mine" | "group"): Locator {
    return this.page.getByRole("region", { name: which === "mine" ? "Backup of your tasks" : /^Backup of (?!your)/ });
  }
}

/** /dashboard: counts of the current group or all groups. */
export class DashboardPage extends AppScreen {
  readonly path = "/dashboard";
  readonly heading = "Dashboard";

  /** One of the count cards: "Open", "Due today", "Overdue", "Completed this week". */
  stat(label: string): Locator {
    return this.page.getByRole("list", { name: "Task counts" }).getByRole("link", { name: new RegExp(`^${label}: `) });
  }

  async count(label: string): Promise<number> {
    const name = (await this.stat(label).getAttribute("aria-label")) ?? "";
    return Number(name.split(": ")[1]);
  }
}
