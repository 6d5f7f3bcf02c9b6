import type { Locator, Page } from "playwright-core";

/** The group switcher in the app header. */
export class GroupSwitcher {
  constructor(readonly page: Page) {}

  button(): Locator {
    return this.page.getByRole("banner").getByRole("button", { name: /^Current group:/ });
  }

  /** Waits until the header shows `name` as the current group. */
  async waitForCurrent(name: string): Promise<void> {
    await this.page
      .getByRole("banner")
      .getByRole("button", { name: `Current group: ${name}` })
      .waitFor();
  }

  menu(): Locator {
    return this.page.getByRole("menu", { name: "Switch group" });
  }

  /** Chooses a group with the keyboard only, as a screen reader or keyboard user does. */
  async chooseWithKeyboard(name: string): Promise<void> {
    await this.button().focus();
    await this.page.keyboard.press("ArrowDown");
    await this.menu().waitFor();
    const target = this.menu().getByRole("menuitemradio", { name: new RegExp(`^${escape(name)}`) });
    for (let step = 0; step < 20; step += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) break;
      await this.page.keyboard.press("ArrowDown");
    }
    await this.page.keyboard.press("Enter");
    await this.menu().waitFor({ state: "detached" });
  }

  async openLink(name: RegExp): Promise<void> {
    await this.button().click();
    await this.menu().getByRole("menuitem", { name }).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Waits until the page's live channel (WebSocket) is connected, so events from now on reach it. */
export async function waitForLiveChannel(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.live === "open");
}

/** /groups: the user's groups and the form that creates one. */
export class GroupsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/groups`);
    await this.page.getByRole("heading", { name: "Groups", level: 1 }).waitFor();
  }

  /** Creates a group; the app then opens its settings. */
  async create(name: string, type: "Family" | "Team"): Promise<void> {
    const form = this.page.getByRole("form", { name: "Create a group" });
    await form.getByRole("radio", { name: new RegExp(`^${type}`) }).check({ force: true });
    await form.getByLabel("Group name").fill(name);
    await form.getByRole("button", { name: `Create ${type.toLowerCase()} group` }).click();
  }

  group(name: string): Locator {
    return this.page.getByRole("list", { name: "Your groups" }).getByRole("listitem").filter({ hasText: name });
  }
}

/** /group-settings: name, members, invitations, leave and delete. */
export class GroupSettingsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async waitFor(groupName: string): Promise<void> {
    await this.page.waitForURL(/\/group-settings/);
    await this.page.getByRole("heading", { name: groupName, level: 1 }).waitFor();
  }

  groupIdInUrl(): string | null {
    return new URL(this.page.url()).searchParams.get("id");
  }

  members(): Locator {
    return this.page.getByRole("list", { name: "Members" }).getByRole("listitem");
  }

  member(name: string): Locator {
    return this.members().filter({ hasText: name });
  }

  pendingInvitation(email: string): Locator {
    return this.page
      .getByRole("list", { name: "Pending invitations" })
      .getByRole("listitem")
      .filter({ hasText: email });
  }

  async invite(email: string): Promise<void> {
    await this.page.getByLabel("Email address").fill(email);
    await this.page.getByRole("button", { name: "Send invitation" }).click();
    await this.pendingInvitation(email).waitFor();
  }

  async removeMember(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Remove ${name}` }).click();
    const dialog = this.page.getByRole("dialog", { name: `Remove ${name}?` });
    await dialog.getByRole("button", { name: "Remove from group" }).click();
    await dialog.waitFor({ state: "hidden" });
  }
}

/** /invitations: received and sent invitations. */
export class InvitationsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/invitations`);
    await this.page.getByRole("heading", { name: "Invitations", level: 1 }).waitFor();
  }

  received(groupName: string): Locator {
    return this.page
      .getByRole("list", { name: "Received invitations" })
      .getByRole("listitem")
      .filter({ hasText: groupName });
  }

  async accept(groupName: string): Promise<void> {
    await this.page.getByRole("button", { name: `Accept the invitation to ${groupName}` }).click();
  }
}
