import type { Locator } from "playwright-core";
import { AppScreen } from "./app-page";

/** /modules: a switch per module for the user, and for a group's owner one per module for the group. */
export class ModulesPage extends AppScreen {
  readonly path = "/modules";
  readonly headingName = "Modules";

  /** The user's own switch of a module, by its name ("Group tasks"). */
  mySwitch(name: string): Locator {
    return this.page.getByRole("region", { name: "Your modules" }).getByRole("switch", { name, exact: true });
  }

  /** A group owner's switch of a module for the whole group. */
  groupSwitch(name: string, group: string): Locator {
    return this.page.getByRole("switch", { name: `${name} in ${group}`, exact: true });
  }
}
