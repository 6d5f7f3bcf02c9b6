import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** The running timer's chip in the app header, on any page (module task-delegation). */
export class TimerChip extends AppPage {
  chip(taskTitle: string): Locator {
    return this.header().getByRole("group", { name: `Timer running on ${taskTitle}` });
  }

  anyChip(): Locator {
    return this.header().getByRole("group", { name: /^Timer running on / });
  }

  stopButton(taskTitle: string): Locator {
    return this.chip(taskTitle).getByRole("button", { name: `Stop timer on ${taskTitle}` });
  }
}

/** The timer controls in a task's editor (task page or pane). */
export class TimerControlsParts extends AppPage {
  startButton(): Locator {
    return this.page.getByRole("main").getByRole("button", { name: "Start timer", exact: true });
  }

  stopButton(): Locator {
    return this.page.getByRole("main").getByRole("button", { name: "Stop timer", exact: true });
  }

  estimate(): Locator {
    return this.page.getByRole("main").getByLabel("Estimate", { exact: true });
  }
}

/** /time-tracking: the running timer, the week's entries, the report. */
export class TimeTrackingPage extends AppPage {
  async open(): Promise<void> {
    await this.goto("/time-tracking");
    await this.waitForHeading("Time tracking");
  }

  runningCard(): Locator {
    return this.page.getByRole("region", { name: "Running timer" });
  }

  tab(name: "Entries" | "Report"): Locator {
    return this.page.getByRole("tab", { name });
  }

  previousWeek(): Locator {
    return this.page.getByRole("button", { name: "Previous week" });
  }

  addEntryButton(): Locator {
    return this.page.getByRole("main").getByRole("button", { name: "Add entry", exact: true });
  }

  entryDialog(): Locator {
    return this.dialog("Add entry");
  }

  /** Fills the dialog's fields that are given and submits it. */
  async fillEntry(fields: {
    task?: string;
    date?: string;
    start?: string;
    end?: string;
    note?: string;
  }): Promise<void> {
    const dialog = this.entryDialog();
    if (fields.task) await dialog.getByLabel("Task").selectOption({ label: fields.task });
    if (fields.date) await dialog.getByLabel("Date").fill(fields.date);
    if (fields.start) await dialog.getByLabel("Start").fill(fields.start);
    if (fields.end) await dialog.getByLabel("End").fill(fields.end);
    if (fields.note) await dialog.getByLabel(/^Note/).fill(fields.note);
    await dialog.getByRole("button", { name: "Add entry" }).click();
  }

  dialogError(): Locator {
    return this.entryDialog().getByRole("alert");
  }

  /** A day's section of the entries list, e.g. "Monday, 16 November". */
  day(name: string | RegExp): Locator {
    return this.page.getByRole("region", { name });
  }

  entryRow(taskTitle: string): Locator {
    return this.page.getByRole("listitem").filter({ hasText: taskTitle });
  }

  reportSection(name: "By member" | "By category"): Locator {
    return this.page.getByRole("region", { name });
  }

  estimatesTable(): Locator {
    return this.page.getByRole("table");
  }

  downloadCsv(): Locator {
    return this.page.getByRole("link", { name: "Download CSV" });
  }
}
