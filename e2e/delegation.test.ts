import { beforeAll, describe, expect, it } from "vitest";
import {
  AssignmentControls,
  AssignmentPage,
  DelegationPage,
  DelegationSettingsPage,
  VolunteeringPage,
} from "./pages/delegation-pages";
import { waitForLiveChannel } from "./pages/groups-pages";
import { TaskDetailPage, TaskListPage } from "./pages/task-pages";
import { violationsInBothThemes } from "./support/accessibility";
import { useFamilies } from "./support/family";
import { useBrowser } from "./support/session";

/**
 * Who does what, in two browsers: a family of two in a shared group (Olive owns it, Milo is a
 * member). Each test signs up its own family on a server of this file's own.
 */
describe("delegation in the browser", () => {
  const session = useBrowser();
  const families = useFamilies(session);
  const { family, browserFor, createTask } = families;
  let baseUrl: string;
  beforeAll(() => {
    baseUrl = families.baseUrl;
  });

  it("the owner asks the member to take a task; the member sees it live, accepts, and the badge shows on the owner's list", async () => {
    const { olive, milo, groupId } = await family();
    const task = await createTask(olive, groupId, "Take the bins out");
    const owner = await browserFor(olive, groupId);
    const member = await browserFor(milo, groupId, { width: 390, height: 844 });

    const requests = new DelegationPage(member.page, baseUrl);
    await requests.open();
    await requests.section("Waiting for you").getByText("Nobody is waiting for your answer.").waitFor();
    await waitForLiveChannel(member.page);

    // Two clicks from the task: "Ask someone to take it", then the request.
    const detail = new TaskDetailPage(owner.page, baseUrl);
    await detail.open(task.id);
    const controls = new AssignmentControls(owner.page, baseUrl);
    await controls.button(/Ask someone to take it/).click();
    await owner.page.getByRole("textbox", { name: "Note (optional)" }).fill("Tuesday night, please");
    await controls.button("Ask Milo Member to take it").click();
    await controls.toast("Asked Milo Member").waitFor();
    await controls.region().getByText("Waiting for Milo Member to answer your request.").waitFor();

    // Milo's page shows it without a reload, with the note; he accepts with a note of his own.
    await requests.request("Waiting for you", "Take the bins out").getByText("“Tuesday night, please”").waitFor();
    await requests.noteFor("Take the bins out").fill("On it");
    await requests.accept("Take the bins out").click();
    await requests.toast("You took “Take the bins out”").waitFor();
    await requests.request("History", "Take the bins out").getByText("Accepted").waitFor();

    // Olive's list shows who has it, with the name for screen readers.
    const list = new TaskListPage(owner.page, baseUrl);
    await list.open();
    const badge = controls.badgeOnRow(list.row("Take the bins out"));
    await expect.poll(() => badge.textContent()).toBe("MMAssigned to Milo Member");
    // And Milo's "Assigned to me".
    const mine = new AssignmentPage(member.page, baseUrl);
    await mine.open();
    await mine.assignedToMe().getByRole("link", { name: "Take the bins out" }).waitFor();
    expect([...owner.errors, ...member.errors]).toEqual([]);
  });

  it("claims and unclaims on /task-volunteering; the owner's switch turns volunteering off for the group", async () => {
    const { olive, milo, groupId } = await family();
    const task = await createTask(olive, groupId, "Mow the lawn");
    expect((await olive.client.request(`/api/tasks/${task.id}/open`, { method: "PUT" })).status).toBe(200);
    const member = await browserFor(milo, groupId, { width: 390, height: 844 });
    const volunteering = new VolunteeringPage(member.page, baseUrl);
    await volunteering.open();
    await volunteering.claim("Mow the lawn").click();
    await volunteering.toast("You claimed “Mow the lawn”").waitFor();
    await volunteering.section("Your claims").getByRole("link", { name: "Mow the lawn" }).waitFor();
    await volunteering.unclaim("Mow the lawn").click();
    await volunteering.section("Up for grabs").getByRole("button", { name: "Claim “Mow the lawn”" }).waitFor();

    // Olive claims it first: Milo's page hears of it live.
    expect((await olive.client.request(`/api/tasks/${task.id}/claim`, { method: "POST" })).status).toBe(200);
    await volunteering.section("Up for grabs").getByText("Claimed by Olive Owner").waitFor();
    expect((await olive.client.request(`/api/tasks/${task.id}/claim`, { method: "DELETE" })).status).toBe(200);
    await volunteering.claim("Mow the lawn").waitFor();

    // Olive is quicker while Milo's page has not heard yet (its refetch held back): the server's
    // 409 names her, and the page shows her claim once it can read again.
    await member.page.route("**/api/volunteering", (route) => route.abort());
    expect((await olive.client.request(`/api/tasks/${task.id}/claim`, { method: "POST" })).status).toBe(200);
    await volunteering.claim("Mow the lawn").click();
    await volunteering.toast("Already claimed by Olive Owner").waitFor();
    await member.page.unroute("**/api/volunteering");
    await volunteering.open();
    await volunteering.section("Up for grabs").getByText("Claimed by Olive Owner").waitFor();

    // Milo reads the switches but cannot change them; Olive switches volunteering off.
    const memberSettings = new DelegationSettingsPage(member.page, baseUrl);
    await memberSettings.open();
    expect(await memberSettings.switchOf("The Millers", "Volunteering").isDisabled()).toBe(true);
    const owner = await browserFor(olive, groupId);
    const settings = new DelegationSettingsPage(owner.page, baseUrl);
    await settings.open();
    await settings.switchOf("The Millers", "Volunteering").click();
    await settings.toast("Volunteering off for The Millers").waitFor();
    await expect
      .poll(() => settings.switchOf("The Millers", "Volunteering").getAttribute("aria-checked"))
      .toBe("false");
    await expect
      .poll(() => memberSettings.switchOf("The Millers", "Volunteering").getAttribute("aria-checked"))
      .toBe("false");
    await volunteering.open();
    await volunteering
      .section("Up for grabs")
      .getByText(/No open tasks right now/)
      .waitFor();
    // The held-back reads and the refused claim are the browser's own reports of what the test did.
    const expected = /ERR_FAILED \(.*\/api\/volunteering\)|status of 409 \(Conflict\) \(.*\/claim\)/;
    expect([...member.errors, ...owner.errors].filter((error) => !expected.test(error))).toEqual([]);
  });

  it("the group's owner assigns a task by keyboard from its page; the member's list shows it as theirs, live", async () => {
    const { olive, milo, groupId } = await family();
    await createTask(olive, groupId, "Water the plants");
    const member = await browserFor(milo, groupId);
    const memberList = new TaskListPage(member.page, baseUrl);
    await memberList.open();
    await memberList.row("Water the plants").waitFor();
    await waitForLiveChannel(member.page);

    const owner = await browserFor(olive, groupId);
    const list = new TaskListPage(owner.page, baseUrl);
    await list.open();
    await list.taskLink("Water the plants").click();
    const controls = new AssignmentControls(owner.page, baseUrl);
    await controls.button(/Assign to…/).focus();
    await owner.page.keyboard.press("Enter");
    await controls.region().getByRole("button", { name: "Milo Member" }).focus();
    await owner.page.keyboard.press("Enter");
    await controls.toast("Assigned to Milo Member").waitFor();
    await expect.poll(() => controls.assigneeLine().textContent()).toContain("Assigned to Milo Member");
    // The panel closed and gave the focus back to its button.
    await expect
      .poll(() => owner.page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Assign to…");

    await expect
      .poll(() => controls.badgeOnRow(memberList.row("Water the plants")).textContent())
      .toBe("MMAssigned to You");
    expect([...owner.errors, ...member.errors]).toEqual([]);
  });

  it("every page of delegation at 390 px has no serious WCAG violation, light and dark, with data on it", async () => {
    const { olive, milo, groupId } = await family();
    const chore = await createTask(olive, groupId, "Clean the bathroom");
    const asked = await createTask(olive, groupId, "Book the dentist");
    await olive.client.request(`/api/tasks/${chore.id}/open`, { method: "PUT" });
    await olive.client.request(`/api/tasks/${asked.id}/delegations`, { json: { toUserId: milo.id, note: "Please" } });
    for (const [person, paths] of [
      [
        olive,
        ["/task-delegation", "/task-assignment", "/task-delegation-settings", `/task-detail-page?id=${chore.id}`],
      ],
      [milo, ["/task-delegation", "/task-volunteering", "/task-assignment", "/task-delegation-settings"]],
    ] as const) {
      const { page, errors } = await browserFor(person, groupId, { width: 390, height: 844 });
      for (const path of paths) {
        await page.goto(baseUrl + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        // The data, not its loading placeholder, is what is checked.
        await page
          .getByRole("status", { name: /Loading/ })
          .waitFor({ state: "detached" })
          .catch(() => undefined);
        await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-pulse'));
        expect(await violationsInBothThemes(page), path).toEqual({ light: [], dark: [] });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} fits 390 px`).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
    }
  });
});
