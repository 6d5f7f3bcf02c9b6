import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/**
 * A task's page, or its pane beside the list on a wide screen: its Repeat field
 * (web/scenes/tasks/RepeatField.tsx), and completing it.
 */
export class RepeatingTaskPage extends AppPage {
  async open(id: string): Promise<void> {
    await this.goto(`/task-detail-page?id=${id}`);
    await this.heading().waitFor();
  }

  details(): Locator {
    return this.page.getByRole("complementary", { name: "Details" });
  }

  repeat(): Locator {
    return this.details().getByLabel("Repeat", { exact: true });
  }

  /** Picks a choice of the Repeat field by its label ("Weekly on Monday", "None"). */
  async setRepeat(label: string): Promise<void> {
    await this.repeat().selectOption({ label });
  }

  /** The label of the choice the field shows. */
  async repeatShown(): Promise<string> {
    return ((await this.repeat().locator("option:checked").textContent()) ?? "").trim();
  }

  countFromCompletion(): Locator {
    return this.details().getByRole("checkbox", { name: "Count from completion" });
  }

  /** The line under the field: when the next one comes, or why it cannot repeat. */
  repeatHint(text: string | RegExp): Locator {
    return this.details().getByText(text);
  }

  async markAsDone(): Promise<void> {
    await this.page.getByRole("button", { name: "Mark as done" }).first().click();
    await this.page.getByRole("button", { name: "Reopen task" }).first().waitFor();
  }
}

/** The list at "/", for the rows of one title among the open tasks. */
export class RepeatingTaskList extends AppPage {
  async open(): Promise<void> {
    await this.goto("/");
    await this.openList().waitFor();
  }

  openList(): Locator {
    return this.page.getByRole("list", { name: "Open tasks" });
  }

  /** The open tasks' rows with exactly this title. */
  openRows(title: string): Locator {
    return this.openList()
      .locator("li[data-task-id]")
      .filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }

  /** The ids of those rows, top to bottom. */
  openIds(title: string): Promise<string[]> {
    return this.openRows(title).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-task-id") ?? ""));
  }

  /** Opens a task from the list (its page, or its pane beside the list): a link, not a page load. */
  async openTask(title: string): Promise<void> {
    await this.openList().getByRole("link", { name: title, exact: true }).first().click();
  }

  /** The box that completes a task on the list. */
  doneBox(title: string): Locator {
    return this.openList().getByRole("checkbox", { name: `Done: ${title}`, exact: true });
  }
}
