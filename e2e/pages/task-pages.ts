import type { Locator, Page } from "playwright-core";

function exact(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** A toast (sonner) whose text contains `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** "/" signed in: quick add, filters, the open and completed lists. */
export class TaskListPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/`);
    await this.page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
  }

  form(): Locator {
    return this.page.getByRole("form", { name: "Add a task" });
  }

  titleInput(): Locator {
    return this.form().getByLabel("New task");
  }

  /** Types a title (and the optional fields) and presses Enter, as a user adds a task. */
  async add(
    title: string,
    options: { priority?: "low" | "medium" | "high"; category?: string; deadline?: string } = {},
  ): Promise<void> {
    if (options.priority) await this.form().getByLabel("Priority").selectOption(options.priority);
    if (options.category) await this.form().getByLabel("Category").selectOption({ label: options.category });
    if (options.deadline) await this.form().getByLabel("Deadline").fill(options.deadline);
    await this.titleInput().fill(title);
    await this.titleInput().press("Enter");
  }

  openList(): Locator {
    return this.page.getByRole("list", { name: "Open tasks" });
  }

  completedList(): Locator {
    return this.page.getByRole("list", { name: "Completed tasks" });
  }

  /** The row of a task (in either list) by its exact title. */
  row(title: string): Locator {
    return this.page
      .locator("[data-task-lists] li[data-task-id]")
      .filter({ has: this.page.getByRole("link", { name: exact(title) }) });
  }

  checkbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Done: ${title}`, exact: true });
  }

  /** Titles of the open tasks, top to bottom. */
  async openTitles(): Promise<string[]> {
    return this.openList().locator("[data-task-link]").allTextContents();
  }

  handle(title: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Move ${exact(title).source.slice(1, -1)} \\(`) });
  }

  async delete(title: string): Promise<void> {
    await this.page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
    await this.page
      .getByRole("dialog", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete task" })
      .click();
  }

  /** Drags a task by its handle onto the place of another, with the mouse. */
  async drag(title: string, onto: string): Promise<void> {
    const from = await this.handle(title).boundingBox();
    const to = await this.row(onto).boundingBox();
    if (!from || !to) throw new Error("rows not visible");
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    const targetY = to.y + to.height * 0.75;
    for (let step = 1; step <= 10; step += 1) {
      await this.page.mouse.move(from.x + from.width / 2, from.y + ((targetY - from.y) * step) / 10);
    }
    await this.page.mouse.up();
  }
}

/** /task-detail-page?id=: the editor of one task. */
export class TaskDetailPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(id: string, mobile = false): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${mobile ? "mobile-task-detail-page" : "task-detail-page"}?id=${id}`);
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  async waitForTitle(title: string): Promise<void> {
    await this.page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
  }

  async rename(title: string): Promise<void> {
    await this.page.getByRole("button", { name: "Rename task" }).click();
    await this.page.getByLabel("Title", { exact: true }).fill(title);
    await this.page.getByRole("button", { name: "Save", exact: true }).click();
  }

  details(): Locator {
    return this.page.getByRole("complementary", { name: "Details" });
  }

  async setPriority(label: "Low" | "Medium" | "High"): Promise<void> {
    await this.details().getByText(label, { exact: true }).click();
  }

  notes(): Locator {
    return this.page.getByRole("region", { name: "Notes" });
  }

  async writeNotes(text: string): Promise<void> {
    await this.notes()
      .getByRole("button", { name: /^(Add|Edit) notes$/ })
      .click();
    await this.notes().getByLabel("Notes").fill(text);
    await this.notes().getByRole("button", { name: "Save notes" }).click();
  }

  subtasks(): Locator {
    return this.page.getByRole("list", { name: "Subtasks" });
  }

  async addSubtask(title: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "Add a subtask" });
    await form.getByLabel("New subtask").fill(title);
    // Enter, as a keyboard user adds steps one after another (toasts may cover the button).
    await form.getByLabel("New subtask").press("Enter");
    await this.subtasks().getByText(title, { exact: true }).waitFor();
  }

  /** Subtask titles in order, read from their checkboxes ("Done: <title>"). */
  async subtaskTitles(): Promise<string[]> {
    const boxes = await this.subtasks().getByRole("checkbox").all();
    return Promise.all(boxes.map(async (box) => ((await box.getAttribute("aria-label")) ?? "").replace(/^Done: /, "")));
  }
}
