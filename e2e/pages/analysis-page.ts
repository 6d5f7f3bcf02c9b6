import type { Locator } from "playwright-core";
import { AppPage } from "./app-page";

/** /analysis-settings (module task-analysis): pickers, figure cards, charts with their tables, suggestions. */
export class AnalysisPage extends AppPage {
  async open(): Promise<void> {
    await this.goto("/analysis-settings");
    await this.waitForHeading("Analysis");
  }

  /** A figure card, by its heading ("Completion rate", "Overdue trend"…). */
  card(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  picker(name: "Group" | "Member"): Locator {
    return this.page.getByRole("combobox", { name });
  }

  period(weeks: 4 | 12 | 26): Locator {
    return this.page.getByRole("radio", { name: `${weeks} weeks` });
  }

  /** A card's chart: an image named by what it shows (the SVG's own parts are inside it). */
  chart(title: string): Locator {
    return this.card(title).locator('[role="img"][aria-label]').first();
  }

  /** Opens a card's "Show as table" and returns the table of the chart's numbers. */
  async tableOf(title: string): Promise<Locator> {
    const card = this.card(title);
    const table = card.getByRole("table");
    if (!(await table.isVisible())) await card.getByText("Show as table").click();
    await table.waitFor();
    return table;
  }

  /** The rows of a table as text, header row left out: [["Monday", "1", "0 min"], …]. */
  async rowsOf(table: Locator): Promise<string[][]> {
    return table
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())),
      );
  }

  suggestions(): Locator {
    return this.card("Suggestions").getByRole("listitem");
  }
}

/** The "Analyze" disclosure in a task's editor (its page or its pane). */
export class AnalyzeDisclosure {
  constructor(private readonly scope: Locator) {}

  /** The disclosure's summary: what opens it, by click or by the keyboard. */
  toggle(): Locator {
    return this.scope.locator("summary").filter({ hasText: /^Analyze$/ });
  }

  /** What the opened disclosure says, once the server answered. */
  async facts(): Promise<string> {
    const body = this.toggle().locator("xpath=..");
    await body.getByText("Age", { exact: true }).waitFor();
    return (await body.innerText()).replace(/\s+/g, " ");
  }
}
