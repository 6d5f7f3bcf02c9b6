import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /calendar: the month grid, the week's columns and the agenda of tasks with deadlines. */
export class CalendarPage extends AppScreen {
  readonly path = "/calendar";
  readonly headingName = "Calendar";

  grid(): Locator {
    return this.page.getByRole("grid");
  }

  /** A day of the month grid, by its date ("2026-12-24"). */
  day(date: string): Locator {
    return this.grid().locator(`[role=gridcell][data-day="${date}"]`);
  }

  /** A task's link inside a day of the month grid. */
  taskIn(date: string, title: string): Locator {
    return this.day(date).locator("[data-task-link]", { hasText: title });
  }

  /** The period the toolbar shows ("December 2026"). */
  period(): Locator {
    return this.page.locator("main").getByRole("heading", { level: 2 }).first();
  }

  viewButton(name: "Month" | "Week" | "Agenda"): Locator {
    return this.page.getByRole("group", { name: "View" }).getByRole("button", { name, exact: true });
  }

  /** What the address says: the view and the date. */
  shown(): { view: string | null; date: string | null } {
    const url = new URL(this.page.url());
    return { view: url.searchParams.get("view"), date: url.searchParams.get("date") };
  }

  /** How many pixels the page is wider than the window (0: no sideways scrolling). */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }
}
