import type { Locator, Page } from "playwright-core";
import { AppPage } from "./app-page";

export type DeadlineChoiceLabel = "Today" | "Tomorrow" | "Next week" | "This weekend" | "Next weekend";

/** The deadline picker (a small dialog next to the control that opened it), wherever it is opened from. */
export class DeadlinePickerPanel {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole("dialog", { name: "Deadline", exact: true });
  }

  /** A quick choice, which names the date it means ("Tomorrow · Fri 27 Nov"). */
  choice(label: DeadlineChoiceLabel): Locator {
    return this.dialog().getByRole("button", { name: new RegExp(`^${label} · `) });
  }

  noDate(): Locator {
    return this.dialog().getByRole("button", { name: /^No date/ });
  }

  dateField(): Locator {
    return this.dialog().getByLabel("Date", { exact: true });
  }

  addTimeButton(): Locator {
    return this.dialog().getByRole("button", { name: "Add time" });
  }

  timeField(): Locator {
    return this.dialog().getByLabel("Time", { exact: true });
  }

  /** Text in the picker: "The date is not complete." */
  text(text: string): Locator {
    return this.dialog().getByText(text, { exact: false });
  }
}

/**
 * The task editor's controls inside `scope` (the task's page, the side pane or the sheet): title,
 * priority, deadline, notes.
 */
export class TaskEditorParts {
  readonly picker: DeadlinePickerPanel;

  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {
    this.picker = new DeadlinePickerPanel(page);
  }

  titleHeading(title: string): Locator {
    return this.scope.getByRole("heading", { name: title, exact: true });
  }

  /** Renames the task in place and presses Enter (there is no Save button). */
  async rename(title: string): Promise<void> {
    await this.scope.getByRole("button", { name: "Rename task" }).click();
    await this.scope.getByLabel("Title", { exact: true }).fill(title);
    await this.scope.getByLabel("Title", { exact: true }).press("Enter");
  }

  details(): Locator {
    return this.scope.getByRole("complementary", { name: "Details" });
  }

  /** Adds a subtask with Enter, as a keyboard user adds steps one after another. */
  async addSubtask(title: string): Promise<void> {
    const field = this.scope.getByRole("form", { name: "Add a subtask" }).getByLabel("New subtask");
    await field.fill(title);
    await field.press("Enter");
    await this.scope.getByRole("list", { name: "Subtasks" }).getByText(title, { exact: true }).waitFor();
  }

  async setPriority(label: "Low" | "Medium" | "High"): Promise<void> {
    await this.details().getByText(label, { exact: true }).click();
  }

  /** The Deadline button, named by the deadline it shows ("Deadline Tomorrow", "Deadline No deadline"). */
  deadlineButton(): Locator {
    return this.details().getByRole("button", { name: /^Deadline / });
  }

  notes(): Locator {
    return this.scope.getByRole("region", { name: "Notes" });
  }

  notesText(text: string): Locator {
    return this.notes().getByText(text);
  }

  /** "Saving…", "Saved", "Saved on this device" beside the Notes heading. */
  notesStatus(): Locator {
    return this.notes().getByRole("status");
  }

  notesField(): Locator {
    return this.notes().getByLabel("Notes");
  }

  /** Opens the notes field ("Add notes" or "Edit notes"). */
  async startNotes(): Promise<void> {
    await this.notes()
      .getByRole("button", { name: /^(Add|Edit) notes$/ })
      .click();
  }

  /** Escape in the notes field: what was there comes back and the field closes. */
  async cancelNotes(): Promise<void> {
    await this.notesField().press("Escape");
  }

  /** Writes notes and leaves the field with Tab, as a keyboard user moves on (that saves them). */
  async writeNotes(text: string): Promise<void> {
    await this.startNotes();
    await this.notesField().fill(text);
    await this.notesField().press("Tab");
  }
}

/** The task pane beside the list (from 1024 px) or the sheet over it (below), opened with /?task=<id>. */
export class TaskPane extends AppPage {
  /** The pane or the sheet (whichever is open), or the one named by the task's title. */
  pane(title?: string): Locator {
    return title === undefined
      ? this.page.locator("[data-task-pane]")
      : this.page.getByRole("dialog", { name: title, exact: true });
  }

  editor(title?: string): TaskEditorParts {
    return new TaskEditorParts(this.page, this.pane(title));
  }

  /** Loads the list with a task open in the pane, as a link or a reload does. */
  async openFromUrl(id: string, title: string): Promise<void> {
    await this.goto(`/?task=${encodeURIComponent(id)}`);
    await this.pane(title).waitFor();
  }

  /** The pane's link to the task's own page. */
  openAsPageLink(): Locator {
    return this.pane().getByRole("link", { name: "Open the task as a page" });
  }

  closeButton(): Locator {
    return this.pane().getByRole("button", { name: "Close the task" });
  }

  /** The `task` search parameter of the page's address. */
  openTaskParam(): string | null {
    return new URL(this.page.url()).searchParams.get("task");
  }

  /** The accessible name of the focused element, or its text. */
  focusedName(): Promise<string | null> {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute("aria-label") ?? element?.textContent ?? null;
    });
  }

  /** Whether the focused element is inside the sheet or pane. */
  focusInside(): Promise<boolean> {
    return this.page.evaluate(() => Boolean(document.activeElement?.closest("[data-task-pane]")));
  }
}
