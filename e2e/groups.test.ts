import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxPage } from "../domain/account-email";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp as signUpOverHttp } from "../tests/helpers/sign-in";
import {
  GroupSettingsPage,
  GroupsPage,
  GroupSwitcher,
  InvitationsPage,
  waitForLiveChannel,
} from "./pages/groups-pages";
import { ConfirmEmailNotice, VerifyEmailPage } from "./pages/email-confirmation";
import { SignInPage } from "./pages/sign-in-page";
import { TaskListPage } from "./pages/task-pages";
import { collectPageErrors, trackRequests, useBrowser } from "./support/session";

const PASSWORD = "violet-harbour-kettle-93";

/**
 * An instance of its own, so its first account is the admin who can read the confirmation email
 * of the second account in the outbox (invitations only reach a confirmed address).
 */
describe("groups and invitations, live between two browsers", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  let baseUrl: string;
  let admin: HttpClient;
  const owner = { name: "Olive Owner", email: "olive@example.org" };
  const member = { name: "Bea Member", email: "bea@example.org" };

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    baseUrl = server.baseUrl;
    // The instance's first account: its admin, who can read the outbox.
    admin = (await signUpOverHttp(baseUrl, "Ada Admin", "ada@example.org")).client;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function signUp(page: Page, account: { name: string; email: string }) {
    const signIn = new SignInPage(page, baseUrl);
    await signIn.open();
    await signIn.createAccount(account.name, account.email, PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
  }

  /** The confirmation link mailed to `email`, read through the admin API. */
  async function confirmationLinkFor(email: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const outbox = (await (await admin.request("/api/admin/outbox?limit=100")).json()) as OutboxPage;
          const mail = outbox.messages.find(
            (message) => message.to === email && /verify-email\?token=/.test(message.text),
          );
          link = mail && /(\S+\/verify-email\?token=[^\s)>\]]+)/.exec(mail.text)?.[1];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return link!;
  }

  /** Signs up in the browser and confirms the address through the emailed link. */
  async function signUpConfirmed(page: Page, account: { name: string; email: string }) {
    await signUp(page, account);
    await new VerifyEmailPage(page, baseUrl).confirm(await confirmationLinkFor(account.email), account.email);
  }

  /** An API call from the page, with its session, as the app itself makes it. */
  function call<T>(page: Page, path: string, method = "GET", body?: unknown): Promise<T> {
    return page.evaluate(
      async ({ path, method, body }) => {
        const response = await fetch(path, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
        return response.status === 204 ? null : response.json();
      },
      { path, method, body },
    ) as Promise<T>;
  }

  it("creates a family group, invites by email, and both browsers follow joining and removal live", async () => {
    const ownerPage = await session.newPage();
    const memberPage = await session.newPage();
    const ownerErrors = collectPageErrors(ownerPage);
    const memberErrors = collectPageErrors(memberPage);
    await signUp(ownerPage, owner);
    await signUp(memberPage, member);

    // Above the task list the notice can be put away on this device ("Not now"); it stays away.
    const ownerNotice = new ConfirmEmailNotice(ownerPage);
    await ownerNotice.notNow();
    await ownerNotice.region().waitFor({ state: "detached" });
    await ownerPage.reload();
    await new TaskListPage(ownerPage, baseUrl).form().waitFor();
    expect(await ownerNotice.region().count()).toBe(0);

    // Invitations only reach a confirmed address: the Tasks page says so at once and sends the
    // confirmation email again, and /invitations says so too. The member confirms.
    const unconfirmed = new ConfirmEmailNotice(memberPage);
    await unconfirmed.text(`Invitations to ${member.email} reach you once you confirm it`).waitFor();
    await unconfirmed.resendButton().click();
    await unconfirmed.resent().waitFor();
    const invitationsForMember = new InvitationsPage(memberPage, baseUrl);
    await invitationsForMember.open();
    await unconfirmed.resendButton().waitFor();
    await new VerifyEmailPage(memberPage, baseUrl).confirm(await confirmationLinkFor(member.email), member.email);

    // The owner creates a family group and lands on its settings, with it as the current group.
    const groups = new GroupsPage(ownerPage, baseUrl);
    await groups.open();
    await new GroupSwitcher(ownerPage).waitForCurrent(`${owner.name}'s Task Manager`);
    await groups.create("The Millers", "Family");
    const settings = new GroupSettingsPage(ownerPage, baseUrl);
    await settings.waitFor("The Millers");
    const groupId = settings.groupIdInUrl();
    expect(groupId).toBeTruthy();
    await new GroupSwitcher(ownerPage).waitForCurrent("The Millers");
    expect(await settings.members().count()).toBe(1);

    await settings.invite(member.email);
    await settings.text(`Invitation sent to ${member.email}`).waitFor();
    await waitForLiveChannel(ownerPage);

    // The member accepts on /invitations; the owner's open page shows them without a reload.
    await invitationsForMember.open();
    const invitation = invitationsForMember.received("The Millers");
    await invitation.waitFor();
    expect(await invitation.textContent()).toContain(owner.name);
    await invitationsForMember.accept("The Millers");
    await invitationsForMember.text("You joined The Millers").waitFor();
    await invitationsForMember.receivedState("The Millers", "Accepted").waitFor();

    await settings.member(member.name).waitFor();
    await settings.pendingInvitation(member.email).waitFor({ state: "detached" });
    expect(await settings.member(member.name).textContent()).toContain("Member");

    // The member switches to the group with the keyboard and opens its settings from the switcher.
    const memberSwitcher = new GroupSwitcher(memberPage);
    await memberSwitcher.chooseWithKeyboard("The Millers");
    await memberSwitcher.waitForCurrent("The Millers");
    await memberSwitcher.openLink(/^Settings of The Millers/);
    const memberSettings = new GroupSettingsPage(memberPage, baseUrl);
    await memberSettings.waitFor("The Millers");
    expect(memberSettings.groupIdInUrl()).toBe(groupId);
    // A member sees who is in the group but none of the owner's actions; they may leave.
    await memberSettings.member(owner.name).waitFor();
    expect(await memberSettings.removeButtons().count()).toBe(0);
    expect(await memberSettings.deleteButtons().count()).toBe(0);
    await memberSettings.leaveButton("The Millers").waitFor();
    await waitForLiveChannel(memberPage);

    // The owner removes the member; the member's open page leaves the group live.
    await settings.removeMember(member.name);
    await settings.text(`${member.name} was removed from The Millers`).waitFor();
    await settings.member(member.name).waitFor({ state: "detached" });

    await memberPage.waitForURL(`${baseUrl}/groups`);
    const memberGroups = new GroupsPage(memberPage, baseUrl);
    await memberGroups.text("You no longer have access to The Millers.").waitFor();
    await memberSwitcher.waitForCurrent(`${member.name}'s Task Manager`);
    await memberGroups.group("The Millers").waitFor({ state: "detached" });
    expect(await memberPage.evaluate(() => localStorage.getItem("currentGroupId"))).not.toBe(groupId);

    // Only the answers this story expects (a group just left answers 404 to a refetch in flight).
    expect(ownerErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  });

  it("hands the group over, leaves it, and the new owner deletes it after seeing what goes", async () => {
    const first = { name: "Carl Founder", email: "carl@example.org" };
    const second = { name: "Dora Successor", email: "dora@example.org" };
    const firstPage = await session.newPage({ viewport: { width: 390, height: 844 } });
    const secondPage = await session.newPage();
    const errors = [firstPage, secondPage].map((page) => collectPageErrors(page));
    await signUp(firstPage, first);
    await signUpConfirmed(secondPage, second);

    // Setting up through the API the pages use; the first test covers doing it by hand.
    const group = await call<{ id: string }>(firstPage, "/api/groups", "POST", { name: "Acme", type: "team" });
    await call(firstPage, `/api/groups/${group.id}/invitations`, "POST", { email: second.email });
    const { received } = await call<{ received: { id: string }[] }>(secondPage, "/api/invitations");
    await call(secondPage, `/api/invitations/${received[0]!.id}/respond`, "POST", { accept: true });

    const firstSettings = new GroupSettingsPage(firstPage, baseUrl);
    const secondSettings = new GroupSettingsPage(secondPage, baseUrl);
    await firstSettings.open(group.id, "Acme");
    await secondSettings.open(group.id, "Acme");
    await secondSettings.member(first.name).waitFor();
    expect(await secondSettings.deleteGroupButton("Acme").count()).toBe(0);
    await waitForLiveChannel(secondPage);

    // The owner makes the member the owner, after a confirmation; the new owner's page follows live.
    await firstSettings.makeOwner(second.name);
    await firstSettings.text(`${second.name} is now the owner of Acme`).waitFor();
    await secondSettings.deleteGroupButton("Acme").waitFor();
    expect(await secondSettings.member(second.name).textContent()).toContain("Owner");

    // The former owner, now a member, leaves and is back on their groups, in their personal group.
    await firstSettings.leave("Acme");
    await firstPage.waitForURL(`${baseUrl}/groups`);
    await firstSettings.text("You left Acme").waitFor();
    await new GroupSwitcher(firstPage).waitForCurrent(`${first.name}'s Task Manager`);
    await secondSettings.member(first.name).waitFor({ state: "detached" });

    // The new owner deletes the group; the confirmation says what goes first.
    await secondSettings.deleteGroupButton("Acme").click();
    const goes = secondSettings.whatWillBeDeleted("Acme");
    await goes.waitFor();
    expect(await goes.textContent()).toMatch(/0 tasks.*categories.*1 person/);
    await secondSettings.confirmDeleteGroup("Acme");
    await secondPage.waitForURL(`${baseUrl}/groups`);
    await secondSettings.text("Acme was deleted").waitFor();
    expect(await call<{ name: string }[]>(secondPage, "/api/groups")).toHaveLength(1);
    expect(errors.flat()).toEqual([]);
  });

  it("treats the live channel's sign-out (close code 4001) as signed out: the page asks to sign in again", async () => {
    const page = await session.newPage();
    const errors = collectPageErrors(page);
    const requests = trackRequests(page);
    await signUp(page, { name: "Eve Elsewhere", email: "eve@example.org" });
    await new GroupsPage(page, baseUrl).open();
    await waitForLiveChannel(page);
    // The channel's greeting makes the page refetch what it may have missed: a sign-out before
    // those answers would rightly refuse them (401), which is not what this test is about.
    await requests.settled();
    // The session ends behind the app's back, as when it is signed out from another browser.
    await call(page, "/api/auth/logout", "POST");
    await page.waitForURL(`${baseUrl}/login?next=%2Fgroups`);
    expect(await page.evaluate(() => document.documentElement.dataset.live)).toBeUndefined();
    // A request the page made before it learnt of the sign-out (the account setup's profile read
    // after its first step, say) is refused, and Chromium logs that refusal: not an error of the
    // app. Anything else is.
    const refusedByTheSignOut = /^console\.error: Failed to load resource: the server responded with a status of 401 /;
    expect(errors.filter((error) => !refusedByTheSignOut.test(error))).toEqual([]);
  });
});
