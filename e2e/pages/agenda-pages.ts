import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /today and /upcoming: tasks of every group in dated sections, with quick add. */
abstract class AgendaScreen extends AppScreen {
  quickAdd(): Locator {
    return this.page.getByRole("form", { name: "Add a task" }).getByLabel("New task");
  }

  /** A section's list of tasks, by its heading ("Overdue", "Today", "Tomorrow", "Saturday"…). */
  section(title: string): Locator {
    return this.page.getByRole("list", { name: title, exact: true });
  }

  /** Titles in a section, top to bottom. */
  titlesIn(title: string): Promise<string[]> {
    return this.section(title).locator("[data-task-link]").allTextContents();
  }

  /** A section's heading, with its date and count ("Tomorrow Fri, Nov 27 1"). */
  sectionHeading(title: string): Locator {
    return this.page.getByRole("heading", { level: 2, name: new RegExp(`^${title}\\b`) });
  }
}

export class TodayPage extends AgendaScreen {
  readonly path = "/today";
  readonly headingName = "Today";
}

export class UpcomingPage extends AgendaScreen {
  readonly path = "/upcoming";
  readonly headingName = "Upcoming";
}
