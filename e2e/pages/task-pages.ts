import type { Locator } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";
import { type DeadlinePickerPanel, TaskEditorParts } from "./task-pane";

function exact(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** "/" signed in: quick add, filters, the open and completed lists. */
export class TaskListPage extends AppScreen {
  readonly path = "/";
  readonly headingName = "Tasks";

  form(): Locator {
    return this.page.getByRole("form", { name: "Add a task" });
  }

  titleInput(): Locator {
    return this.form().getByLabel("New task");
  }

  /**
   * Types one line and presses Enter, as a user adds a task: the optional fields are written the
   * way quick add reads them ("p1", "#Shopping List", "2031-08-01"), and the line is sent once
   * quick add shows it understood them.
   */
  async add(
    title: string,
    options: { priority?: "low" | "medium" | "high"; category?: string; deadline?: string } = {},
  ): Promise<void> {
    const words = [
      title,
      options.deadline,
      options.priority && { high: "p1", medium: "p2", low: "p3" }[options.priority],
      options.category && (/\s/.test(options.category) ? `#"${options.category}"` : `#${options.category}`),
    ].filter(Boolean);
    await this.titleInput().fill(words.join(" "));
    if (words.length > 1) {
      await this.understood()
        .getByRole("button", { name: /^Keep/ })
        .nth(words.length - 2)
        .waitFor();
    }
    await this.titleInput().press("Enter");
  }

  /** The chips under quick add saying what the line was read as ("Deadline: Tomorrow 17:00"). */
  understood(): Locator {
    return this.form().getByRole("list", { name: "Understood" });
  }

  /** Opens the toolbar's Filter panel (category, order, completed tasks) unless it is open. */
  async openFilters(): Promise<void> {
    const button = this.page.getByRole("search").getByRole("button", { name: /^Filter/ });
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  }

  openList(): Locator {
    return this.page.getByRole("list", { name: "Open tasks" });
  }

  completedList(): Locator {
    return this.page.getByRole("list", { name: "Completed tasks" });
  }

  /** A task's link in the open list, by its exact title. */
  linkInOpenList(title: string): Locator {
    return this.openList().getByRole("link", { name: title, exact: true });
  }

  /** A task's link in the completed list, by its exact title. */
  linkInCompletedList(title: string): Locator {
    return this.completedList().getByRole("link", { name: title, exact: true });
  }

  /** A task's link (it opens the task's page), wherever it is on the page. */
  taskLink(title: string): Locator {
    return this.page.getByRole("link", { name: title, exact: true });
  }

  /** The row of a task (in either list) by its exact title. */
  row(title: string): Locator {
    return this.page
      .locator("[data-task-lists] li[data-task-id]")
      .filter({ has: this.page.getByRole("link", { name: exact(title) }) });
  }

  /** Text in a task's row: its subtask count, category, "Shared with this group"… */
  textInRow(title: string, text: string, options: { exact?: boolean } = {}): Locator {
    return this.row(title).getByText(text, options);
  }

  checkbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Done: ${title}`, exact: true });
  }

  /** Titles of the open tasks, top to bottom. */
  async openTitles(): Promise<string[]> {
    return this.openList().locator("[data-task-link]").allTextContents();
  }

  /** "No tasks in <group> yet", shown on an empty list (of that group, when named). */
  emptyHeading(groupName?: string): Locator {
    return this.page.getByRole("heading", { name: groupName ? exact(`No tasks in ${groupName} yet`) : /^No tasks in/ });
  }

  /** "All done!", shown when every task is completed and completed tasks are hidden. */
  allDoneHeading(): Locator {
    return this.page.getByRole("heading", { name: "All done!" });
  }

  /** Whichever of the two an empty-looking list shows. */
  emptyOrAllDone(): Locator {
    return this.allDoneHeading().or(this.emptyHeading());
  }

  /** The Filter panel's "Show completed" checkbox (a synced setting); open the panel first. */
  showCompletedCheckbox(): Locator {
    return this.page.getByRole("checkbox", { name: "Show completed" });
  }

  async setShowCompleted(shown: boolean): Promise<void> {
    await this.openFilters();
    await this.showCompletedCheckbox().setChecked(shown);
  }

  /** The button "All done!" offers to show the completed tasks again. */
  showCompletedButton(): Locator {
    return this.page.getByRole("button", { name: "Show completed" });
  }

  /** The help that "?" opens. */
  shortcutsHelp(): Locator {
    return this.page.getByRole("region", { name: "Keyboard shortcuts" });
  }

  /** A line of the shortcuts help, by its description ("New task"). */
  shortcutsHelpText(text: string): Locator {
    return this.shortcutsHelp().getByText(text);
  }

  async sortBy(order: "manual" | "priority" | "deadline"): Promise<void> {
    await this.openFilters();
    await this.page.getByLabel("Sort by").selectOption(order);
  }

  async filterByCategory(label: string): Promise<void> {
    await this.openFilters();
    await this.page.getByRole("search").getByLabel("Category").selectOption({ label });
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

/** /group-tasks: the tasks of the current group, or of a group by name. */
export class GroupTasksPage extends AppScreen {
  readonly path = "/group-tasks";
  readonly headingName = "Group tasks";

  list(groupName?: string): Locator {
    return this.page.getByRole("list", { name: groupName ? `Tasks of ${groupName}` : /^Tasks of / });
  }

  items(groupName?: string): Locator {
    return this.list(groupName).getByRole("listitem");
  }

  taskLink(title: string, groupName?: string): Locator {
    return this.list(groupName).getByRole("link", { name: title, exact: true });
  }

  /** The marker of a task whose change the server does not have yet, in the task's row. */
  waitingToSync(title: string, groupName?: string): Locator {
    return this.items(groupName)
      .filter({ has: this.page.getByRole("link", { name: title, exact: true }) })
      .getByText("Waiting to sync", { exact: true });
  }

  checkbox(title: string, groupName?: string): Locator {
    return this.list(groupName).getByRole("checkbox", { name: `Done: ${title}`, exact: true });
  }

  /** Text in the row of a task, found by its id. */
  textInRow(taskId: string, text: string, options: { exact?: boolean } = {}): Locator {
    return this.page.locator(`li[data-task-id="${taskId}"]`).getByText(text, options);
  }
}

/** /task-detail-page?id=: the editor of one task. */
export class TaskDetailPage extends AppPage {
  async open(id: string, mobile = false): Promise<void> {
    await this.goto(`/${mobile ? "mobile-task-detail-page" : "task-detail-page"}?id=${id}`);
    await this.heading().waitFor();
  }

  async waitForTitle(title: string): Promise<void> {
    await this.page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
  }

  /** The editor's fields on this page (the same as in the task pane). */
  editor(): TaskEditorParts {
    return new TaskEditorParts(this.page, this.page.getByRole("main"));
  }

  /** Renames the task in place, confirming with Enter (there is no Save button). */
  async rename(title: string): Promise<void> {
    await this.editor().rename(title);
  }

  /** The link above the title back to the list of the task's own group. */
  breadcrumb(groupName: string): Locator {
    return this.page.getByRole("link", { name: `Tasks of ${groupName}` });
  }

  /** "Pin to dashboard" or, once pinned, "Unpin from dashboard" (module favorites-widget). */
  pinButton(): Locator {
    return this.page.getByRole("button", { name: /^(Pin to|Unpin from) dashboard$/ });
  }

  /** "Reopen task", shown instead of "Mark as done" on a completed task. */
  reopenButton(): Locator {
    return this.page.getByRole("button", { name: "Reopen task" });
  }

  details(): Locator {
    return this.page.getByRole("complementary", { name: "Details" });
  }

  async setPriority(label: "Low" | "Medium" | "High"): Promise<void> {
    await this.details().getByText(label, { exact: true }).click();
  }

  async setCategory(label: string): Promise<void> {
    await this.details().getByLabel("Category").selectOption({ label });
  }

  /** The Deadline button, which opens the deadline picker. */
  deadlineButton(): Locator {
    return this.editor().deadlineButton();
  }

  /** Opens the deadline picker from the Details card. */
  async openDeadlinePicker(): Promise<DeadlinePickerPanel> {
    await this.deadlineButton().click();
    const { picker } = this.editor();
    await picker.dialog().waitFor();
    return picker;
  }

  /** Text in the Details card: a field's hint, "Unlock the task to delete it."… */
  detailsText(text: string, options: { exact?: boolean } = {}): Locator {
    return this.details().getByText(text, options);
  }

  /** The checkbox that shares the task with another group of the user. */
  shareWith(groupName: string): Locator {
    return this.details().getByRole("checkbox", { name: groupName });
  }

  lockButton(): Locator {
    return this.details().getByRole("button", { name: "Lock task" });
  }

  unlockButton(): Locator {
    return this.details().getByRole("button", { name: "Unlock task" });
  }

  /** Deletes the task from the Details card, confirming in the dialog. */
  async delete(title: string): Promise<void> {
    await this.details().getByRole("button", { name: "Delete task" }).click();
    await this.page
      .getByRole("dialog", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete task" })
      .click();
  }

  notes(): Locator {
    return this.page.getByRole("region", { name: "Notes" });
  }

  /** Text in the rendered notes. */
  notesText(text: string): Locator {
    return this.notes().getByText(text);
  }

  /** Opens the notes field ("Add notes" or "Edit notes"). */
  async startNotes(): Promise<void> {
    await this.editor().startNotes();
  }

  notesField(): Locator {
    return this.editor().notesField();
  }

  /** "Saving…", "Saved" beside the Notes heading. */
  notesStatus(): Locator {
    return this.editor().notesStatus();
  }

  /** Escape in the notes field: the notes as they were come back and the field closes. */
  async cancelNotes(): Promise<void> {
    await this.editor().cancelNotes();
  }

  /** Writes notes and leaves the field with Tab, which saves them (there is no Save button). */
  async writeNotes(text: string): Promise<void> {
    await this.editor().writeNotes(text);
  }

  /** The question leaving the page asks while something is not saved. */
  leaveDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Leave without saving?" });
  }

  /** What the leave question says is not saved yet. */
  leaveDialogText(text: string | RegExp): Locator {
    return this.leaveDialog().getByText(text);
  }

  async keepEditing(): Promise<void> {
    await this.leaveDialog().getByRole("button", { name: "Keep editing" }).click();
  }

  subtasks(): Locator {
    return this.page.getByRole("list", { name: "Subtasks" });
  }

  subtask(title: string): Locator {
    return this.subtasks().getByText(title, { exact: true });
  }

  subtaskCheckbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Done: ${title}` });
  }

  /** A subtask's drag handle, which also moves it with the arrow keys. */
  subtaskHandle(title: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Move ${exact(title).source.slice(1, -1)}`) });
  }

  async addSubtask(title: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "Add a subtask" });
    await form.getByLabel("New subtask").fill(title);
    // Enter, as a keyboard user adds steps one after another (toasts may cover the button).
    await form.getByLabel("New subtask").press("Enter");
    await this.subtask(title).waitFor();
  }

  /** Renames a subtask in place, confirming with Enter. */
  async renameSubtask(from: string, to: string): Promise<void> {
    await this.page.getByRole("button", { name: `Rename ${from}` }).click();
    await this.page.getByLabel(`New title of ${from}`).fill(to);
    await this.page.getByLabel(`New title of ${from}`).press("Enter");
  }

  async deleteSubtask(title: string): Promise<void> {
    await this.page.getByRole("button", { name: `Delete subtask ${title}` }).click();
  }

  /** Subtask titles in order, read from their checkboxes ("Done: <title>"). */
  async subtaskTitles(): Promise<string[]> {
    const boxes = await this.subtasks().getByRole("checkbox").all();
    return Promise.all(boxes.map(async (box) => ((await box.getAttribute("aria-label")) ?? "").replace(/^Done: /, "")));
  }
}
