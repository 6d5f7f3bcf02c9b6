import type { Download, Locator, Page } from "playwright-core";
import { AppScreen } from "./app-page";

/**
 * /settings: one page of sections (Appearance, Tasks, Categories, Notifications, Backup, Account
 * and device), each a region named by its h2 and an anchor. The spec's /core-settings,
 * /task-settings and /category-settings lead to their sections; the models below are those
 * sections of this page.
 */
export class SettingsPage extends AppScreen {
  readonly path: string = "/settings";
  readonly headingName = "Settings";

  /** A section of the page by its heading ("Appearance", "Tasks", "Backup"…). */
  section(name: string): Locator {
    return this.page.getByRole("region", { name, exact: true });
  }

  /** The links at the top that lead to each section. */
  sectionLinks(): Locator {
    return this.page.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
  }

  /** The line under the theme cards that says what was saved and which theme shows now. */
  themeStatus(): Locator {
    return this.section("Appearance").getByText(/Showing the (light|dark) theme now\.$/);
  }

  /** Every theme choice on the page (the header's quick switch is not part of it). */
  themeChoices(): Locator {
    return this.page.getByRole("main").getByRole("group", { name: "Theme", exact: true });
  }
}

/** The Appearance and Tasks sections of /settings (the spec's /core-settings): theme, completion feedback, assistant search. */
export class CoreSettingsPage extends SettingsPage {
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

  /** Plays the completion feedback as the settings have it now. */
  async tryFeedback(): Promise<void> {
    await this.page.getByRole("button", { name: "Try it" }).click();
  }

  /** The confetti of the completion feedback, in the page while it plays (it has no role or name). */
  confetti(): Locator {
    return this.page.locator('[data-feedback="confetti"]');
  }

  /** The check mark of the completion feedback, in the page while it plays. */
  checkMark(): Locator {
    return this.page.locator('[data-feedback="check"]');
  }
}

/** The Categories section of /settings (the spec's /category-settings): the current group's categories. */
export class CategorySettingsPage extends SettingsPage {
  list(): Locator {
    return this.section("Categories").getByRole("list", { name: "Categories" });
  }

  /** A category's row, by its exact name. */
  row(name: string): Locator {
    return this.list()
      .getByRole("listitem")
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The colour a row names, e.g. "Blue". */
  rowColour(name: string, colour: string): Locator {
    return this.row(name)
      .getByRole("paragraph")
      .filter({ hasText: new RegExp(`^${colour}`) });
  }

  /** The category's name wherever its section shows it, as a heading or as plain text. */
  nameShown(name: string): Locator {
    const section = this.section("Categories");
    return section
      .getByRole("heading", { name })
      .or(section.getByText(name, { exact: true }))
      .first();
  }

  async names(): Promise<string[]> {
    return this.list()
      .locator(":scope > li p.font-medium")
      .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
  }

  private addForm(): Locator {
    return this.page.getByRole("form", { name: "Add a category" });
  }

  async add(name: string): Promise<void> {
    await this.addForm().getByLabel("Name").fill(name);
    await this.addWithoutName();
  }

  /** Presses "Add category" with whatever the name field holds (nothing, say). */
  async addWithoutName(): Promise<void> {
    await this.addForm().getByRole("button", { name: "Add category" }).click();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Edit ${name}` }).click();
  }

  async rename(from: string, to: string): Promise<void> {
    await this.page.getByLabel(`Name of ${from}`).fill(to);
    await this.page.getByRole("button", { name: "Rename" }).click();
  }

  /** Picks a colour in the open editor, on its swatch as a user does. */
  async chooseColour(colour: string): Promise<void> {
    await this.page.getByRole("group", { name: "Colour" }).locator("label").filter({ hasText: colour }).click();
  }

  /** The open editor's "Shared list" switch. */
  sharedSwitch(): Locator {
    return this.page.getByRole("switch", { name: "Shared list" });
  }

  moveHandle(name: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Move ${name} \\(`) });
  }

  deleteButton(name: string): Locator {
    return this.page.getByRole("button", { name: `Delete ${name}` });
  }

  async delete(name: string): Promise<void> {
    await this.deleteButton(name).click();
    await this.page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  }
}

/** The Tasks and Backup sections of /settings (the spec's /task-settings): task list options, categories offered first, backups. */
export class TaskSettingsPage extends SettingsPage {
  showCompletedSwitch(): Locator {
    return this.page.getByRole("switch", { name: "Show completed tasks" });
  }

  /** The backup section of the user's own tasks, or of the current group. */
  backup(which: "mine" | "group"): BackupSection {
    const region = this.page.getByRole("region", {
      name: which === "mine" ? "Backup of your tasks" : /^Backup of (?!your)/,
    });
    return new BackupSection(this.page, region, which === "mine" ? "Download my tasks" : "Download group tasks");
  }
}

/** One backup card of the Backup section of /settings: download a file, restore one by merging or replacing. */
export class BackupSection {
  constructor(
    readonly page: Page,
    readonly region: Locator,
    private readonly downloadLabel: string,
  ) {}

  /** Clicks the download button and returns the file the browser receives. */
  async download(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent("download"),
      this.region.getByRole("button", { name: this.downloadLabel }).click(),
    ]);
    return download;
  }

  /** Text the section shows: what was downloaded, what the chosen file holds, what a restore did. */
  text(text: string): Locator {
    return this.region.getByText(text);
  }

  async chooseFile(file: string): Promise<void> {
    await this.region.getByLabel("Restore from a backup file").setInputFiles(file);
  }

  /** Picks how to restore, on the option's card as a user does. */
  async chooseMode(mode: "Merge" | "Replace"): Promise<void> {
    await this.region
      .locator("label")
      .filter({ hasText: new RegExp(`^${mode}`) })
      .click();
  }

  async restore(): Promise<void> {
    await this.region.getByRole("button", { name: "Restore", exact: true }).click();
  }

  /** The confirmation a replace asks for first. */
  replaceDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Replace with the backup?" });
  }

  async cancelReplace(): Promise<void> {
    await this.replaceDialog().getByRole("button", { name: "Cancel" }).click();
  }
}

/** /dashboard: counts of the current group or all groups. */
export class DashboardPage extends AppScreen {
  readonly path = "/dashboard";
  readonly headingName = "Dashboard";

  private counts(): Locator {
    return this.page.getByRole("list", { name: "Task counts" });
  }

  /** One of the count cards: "Open", "Due today", "Overdue", "Completed this week". */
  stat(label: string): Locator {
    return this.counts().getByRole("link", { name: new RegExp(`^${label}: `) });
  }

  /** The count card of `label` while it shows `count`. */
  statShowing(label: string, count: number): Locator {
    return this.page.getByRole("link", { name: `${label}: ${count}` });
  }

  async count(label: string): Promise<number> {
    const name = (await this.stat(label).getAttribute("aria-label")) ?? "";
    return Number(name.split(": ")[1]);
  }

  /** The Favourites card's list of pinned tasks. */
  favorites(): Locator {
    return this.page.getByRole("list", { name: "Favourite tasks" });
  }

  /** The pinned tasks' titles, in the card's order. */
  async favoriteTitles(): Promise<string[]> {
    return this.favorites().getByRole("listitem").getByRole("link").allTextContents();
  }

  /** A pinned task's handle: drag it, or focus it and press the arrow keys. */
  favoriteHandle(title: string): Locator {
    return this.favorites().getByRole("button", { name: new RegExp(`^Move ${title} \\(`) });
  }

  unpinButton(title: string): Locator {
    return this.favorites().getByRole("button", { name: `Unpin ${title}` });
  }

  /** The Favourites card's heading (there whenever the module is on). */
  favoritesHeading(): Locator {
    return this.page.getByRole("heading", { name: "Favourites" });
  }

  /** A member's line in "Open tasks by member" ("You" for the user). */
  member(name: string): Locator {
    return this.page.getByRole("list", { name: "Open tasks by member" }).getByText(name);
  }
}
