import type { Locator, Page } from "playwright-core";
import { AppPage, AppScreen } from "./app-page";

/**
 * Switching groups as the window allows: the header's group switcher below 1024 px, the
 * sidebar's list of groups from there (each row links to the group's list and, on hover or
 * keyboard focus, to its settings).
 */
export class GroupSwitcher {
  constructor(readonly page: Page) {}

  button(): Locator {
    return this.page.getByRole("banner").getByRole("button", { name: /^Current group:/ });
  }

  /** The sidebar's list of the user's groups. */
  sidebarGroups(): Locator {
    return this.page.locator("aside").getByRole("list", { name: "Your groups" });
  }

  /** Waits until the header's switcher, or the sidebar, shows `name` as the current group. */
  async waitForCurrent(name: string): Promise<void> {
    await this.page
      .getByRole("banner")
      .getByRole("button", { name: `Current group: ${name}` })
      .or(
        this.sidebarGroups()
          .locator("a[aria-current]")
          .filter({ hasText: new RegExp(`^${escape(name)}(\\d+\\+?)?$`) }),
      )
      .waitFor();
  }

  menu(): Locator {
    return this.page.getByRole("menu", { name: "Switch group" });
  }

  /** Chooses a group with the keyboard only, as a screen reader or keyboard user does. */
  async chooseWithKeyboard(name: string): Promise<void> {
    if (!(await this.button().isVisible())) {
      await this.sidebarGroups()
        .getByRole("link", { name: new RegExp(`^${escape(name)}\\b`) })
        .focus();
      await this.page.keyboard.press("Enter");
      return;
    }
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

  /** Follows a link of the switcher's menu ("Settings of …", "Manage groups"), or the sidebar's. */
  async openLink(name: RegExp): Promise<void> {
    if (!(await this.button().isVisible())) {
      await this.page.locator("aside").getByRole("link", { name }).click();
      return;
    }
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
export class GroupsPage extends AppScreen {
  readonly path = "/groups";
  readonly headingName = "Groups";

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

/** /group-settings: name, members, invitations, ownership, leave and delete. */
export class GroupSettingsPage extends AppPage {
  async open(groupId: string, groupName: string): Promise<void> {
    await this.goto(`/group-settings?id=${groupId}`);
    await this.waitFor(groupName);
  }

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

  /** Every "Remove <member>" button (an owner's action). */
  removeButtons(): Locator {
    return this.page.getByRole("button", { name: /^Remove / });
  }

  /** Every "Delete …" button (the owner's delete of the group, for one). */
  deleteButtons(): Locator {
    return this.page.getByRole("button", { name: /^Delete / });
  }

  async removeMember(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Remove ${name}` }).click();
    const dialog = this.page.getByRole("dialog", { name: `Remove ${name}?` });
    await dialog.getByRole("button", { name: "Remove from group" }).click();
    await dialog.waitFor({ state: "hidden" });
  }

  /** Makes a member the owner, confirming in the dialog. */
  async makeOwner(name: string): Promise<void> {
    await this.page.getByRole("button", { name: new RegExp(`^Make owner\\W+${escape(name)}$`) }).click();
    await this.page
      .getByRole("dialog", { name: `Make ${name} the owner?` })
      .getByRole("button", { name: "Make owner" })
      .click();
  }

  /** "Leave <group>", offered to a member. */
  leaveButton(groupName: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Leave ${escape(groupName)}`) });
  }

  /** Leaves the group, confirming in the dialog. */
  async leave(groupName: string): Promise<void> {
    await this.leaveButton(groupName).click();
    await this.page
      .getByRole("dialog", { name: `Leave ${groupName}?` })
      .getByRole("button", { name: "Leave group" })
      .click();
  }

  /** "Delete <group>", offered to the owner. */
  deleteGroupButton(groupName: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^Delete ${escape(groupName)}`) });
  }

  deleteGroupDialog(groupName: string): Locator {
    return this.page.getByRole("dialog", { name: `Delete ${groupName}?` });
  }

  /** The list in the delete dialog of what goes with the group. */
  whatWillBeDeleted(groupName: string): Locator {
    return this.deleteGroupDialog(groupName).getByRole("list", { name: "What will be deleted" });
  }

  async confirmDeleteGroup(groupName: string): Promise<void> {
    await this.deleteGroupDialog(groupName).getByRole("button", { name: "Delete group for everyone" }).click();
  }
}

/** /invitations: received and sent invitations. */
export class InvitationsPage extends AppScreen {
  readonly path = "/invitations";
  readonly headingName = "Invitations";

  received(groupName: string): Locator {
    return this.page
      .getByRole("list", { name: "Received invitations" })
      .getByRole("listitem")
      .filter({ hasText: groupName });
  }

  /** The state a received invitation shows ("Accepted"…). */
  receivedState(groupName: string, state: string): Locator {
    return this.received(groupName).getByText(state, { exact: true });
  }

  async accept(groupName: string): Promise<void> {
    await this.page.getByRole("button", { name: `Accept the invitation to ${groupName}` }).click();
  }
}
