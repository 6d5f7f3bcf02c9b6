import type { Locator } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";

/** /task-delegation: requests waiting for the user, theirs to others, and the answered ones. */
export class DelegationPage extends AppScreen {
  readonly path = "/task-delegation";
  readonly headingName = "Delegation";

  section(name: "Waiting for you" | "You asked" | "History"): Locator {
    return this.page.getByRole("region", { name: new RegExp(`^${name}`) });
  }

  request(section: "Waiting for you" | "You asked" | "History", title: string): Locator {
    return this.section(section).getByRole("listitem").filter({ hasText: title });
  }

  noteFor(title: string): Locator {
    return this.page.getByRole("textbox", { name: new RegExp(`^Note to .* about “${title}”`) });
  }

  accept(title: string): Locator {
    return this.page.getByRole("button", { name: `Accept “${title}”` });
  }

  decline(title: string): Locator {
    return this.page.getByRole("button", { name: `Decline “${title}”` });
  }

  revoke(title: string): Locator {
    return this.page.getByRole("button", { name: `Revoke the request for “${title}”` });
  }
}

/** /task-volunteering: open tasks of the user's groups, with Claim and Unclaim. */
export class VolunteeringPage extends AppScreen {
  readonly path = "/task-volunteering";
  readonly headingName = "Volunteering";

  section(name: "Up for grabs" | "Your claims"): Locator {
    return this.page.getByRole("region", { name: new RegExp(`^${name}`) });
  }

  claim(title: string): Locator {
    return this.page.getByRole("button", { name: `Claim “${title}”` });
  }

  unclaim(title: string): Locator {
    return this.page.getByRole("button", { name: `Unclaim “${title}”` });
  }
}

/** /task-assignment: "Assigned to me", and who has what in the groups the user owns. */
export class AssignmentPage extends AppScreen {
  readonly path = "/task-assignment";
  readonly headingName = "Assignment";

  assignedToMe(): Locator {
    return this.page.getByRole("region", { name: /^Assigned to me/ });
  }

  whoDoes(title: string): Locator {
    return this.page.getByRole("combobox", { name: `Who does “${title}”` });
  }

  rotationOf(title: string): Locator {
    return this.page.getByRole("combobox", { name: `Rotation of “${title}”` });
  }
}

/** /task-delegation-settings: per group, the switches of delegation, assignment and volunteering. */
export class DelegationSettingsPage extends AppScreen {
  readonly path = "/task-delegation-settings";
  readonly headingName = "Delegation settings";

  switchOf(group: string, part: "Delegation" | "Assignment" | "Volunteering"): Locator {
    return this.page.getByRole("region", { name: group }).getByRole("switch", { name: part });
  }
}

/** The "Who does it" controls in a task's editor, and the assignee badge on its rows. */
export class AssignmentControls extends AppPage {
  region(): Locator {
    return this.page.getByRole("region", { name: "Who does it" });
  }

  button(name: string | RegExp): Locator {
    return this.region().getByRole("button", { name });
  }

  assigneeLine(): Locator {
    return this.region().getByTestId("assignee-line");
  }

  /** The assignee badge of a task's row in a list ("Assigned to Bob"). */
  badgeOnRow(row: Locator): Locator {
    return row.getByTestId("assignee-badge");
  }
}
