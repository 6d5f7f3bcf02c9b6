import { beforeAll, describe, expect, it } from "vitest";
import { waitForLiveChannel } from "./pages/groups-pages";
import { MessagingPage } from "./pages/messaging-page";
import { MessagingSettingsPage } from "./pages/messaging-settings-page";
import { TaskDetailPage } from "./pages/task-pages";
import { violationsInBothThemes } from "./support/accessibility";
import { type Person, useFamilies } from "./support/family";
import { useBrowser } from "./support/session";

/** A group's conversation in two browsers: Olive owns "The Millers", Milo is a member. */
describe("messaging in the browser", () => {
  const session = useBrowser();
  const families = useFamilies(session);
  const { family, browserFor } = families;
  let baseUrl: string;
  beforeAll(() => {
    baseUrl = families.baseUrl;
  });

  it("carries a conversation between two members live, the second on a 390 px phone", async () => {
    const { olive, milo, groupId } = await family();
    const desk = await browserFor(olive, groupId);
    const phone = await browserFor(milo, groupId, { width: 390, height: 844 });
    const oliveView = new MessagingPage(desk.page, baseUrl);
    const miloView = new MessagingPage(phone.page, baseUrl);
    await oliveView.open(groupId);
    await miloView.open(groupId);
    await waitForLiveChannel(desk.page);
    await waitForLiveChannel(phone.page);

    await oliveView.send("Dinner at **seven**?");
    await oliveView.message("Dinner at seven?").waitFor();
    // Markdown, rendered as elements: the bold word is bold, not asterisks.
    await miloView.message("Dinner at seven?").locator("strong", { hasText: "seven" }).waitFor();
    await miloView.send("Yes, I'll bring bread");
    await oliveView.message("Yes, I'll bring bread").waitFor();
    expect(await oliveView.messages().getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Dinner at seven?"),
      expect.stringContaining("Yes, I'll bring bread"),
    ]);

    // Offline on the phone: a reply that mentions Olive, picked from the list by keyboard alone,
    // waits on the device and reaches her once, when the network is back.
    await phone.page.context().setOffline(true);
    await miloView
      .message("Dinner at seven?")
      .getByRole("button", { name: /^Reply/ })
      .click();
    await miloView.input().pressSequentially("Sure @Oli");
    await phone.page.getByRole("option", { name: /Olive/ }).waitFor();
    await miloView.input().press("Enter");
    await miloView.input().pressSequentially("see you there");
    await miloView.input().press("Enter");
    await miloView.messages().getByRole("listitem", { name: "Message waiting to be sent" }).waitFor();
    await phone.page.context().setOffline(false);
    // The server has it once, when the phone is back.
    const conversation = (await (await olive.client.request(`/api/groups/${groupId}/conversation`)).json()) as {
      id: string;
    };
    await expect
      .poll(
        async () => {
          const page = (await (
            await olive.client.request(`/api/conversations/${conversation.id}/messages?after=0`)
          ).json()) as { messages: { body: string }[] };
          return page.messages.filter((message) => message.body.includes("see you there")).length;
          // Within the app's asks after the network comes back, or at worst its regular ask every
          // 30 s when those found a server too busy to answer in 5 s (web/offline/connectivity.ts).
        },
        { timeout: 40_000 },
      )
      .toBe(1);
    const reply = oliveView.message(/Sure @Olive .*see you there/);
    await reply.waitFor();
    // Quoted above it: the message it answers. Marked for her: it mentions her.
    expect(await reply.textContent()).toContain("Dinner at seven?");
    expect(await reply.getAttribute("aria-label")).toMatch(/mentions you$/);
    await miloView
      .messages()
      .getByRole("listitem", { name: "Message waiting to be sent" })
      .waitFor({ state: "detached" });
    await expect.poll(() => miloView.message(/see you there/).count()).toBe(1);

    // The phone's page fits its width.
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(desk.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  it("lets the author edit and the owner delete, leaving a tombstone, and has no serious WCAG violation", async () => {
    const { olive, milo, groupId } = await family();
    const desk = await browserFor(olive, groupId);
    const other = await browserFor(milo, groupId);
    const oliveView = new MessagingPage(desk.page, baseUrl);
    const miloView = new MessagingPage(other.page, baseUrl);
    await miloView.open(groupId);
    await oliveView.open(groupId);
    await waitForLiveChannel(desk.page);

    await miloView.send("Buy milk");
    await miloView.message("Buy milk").getByRole("button", { name: "Edit" }).click();
    // While it is edited, the message is its editor.
    await miloView.messages().getByRole("textbox", { name: "Edit message" }).fill("Buy oat milk");
    await miloView.messages().getByRole("button", { name: "Save" }).click();
    await miloView.message("Buy oat milk").filter({ hasText: "edited" }).waitFor();
    await oliveView.message("Buy oat milk").waitFor();

    await oliveView.message("Buy oat milk").getByRole("button", { name: "Delete" }).click();
    await oliveView.message("This message was deleted.").waitFor();
    await miloView.message("This message was deleted.").waitFor();

    expect(await violationsInBothThemes(desk.page)).toEqual({ light: [], dark: [] });
    expect(desk.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  it("counts unread messages in the menu, mutes a conversation for good on /messaging-settings, and shows a task's thread on its page", async () => {
    const { olive, milo, groupId } = await family();
    const task = await families.createTask(olive, groupId, "Plan the picnic");
    const desk = await browserFor(olive, groupId);
    const settings = new MessagingSettingsPage(desk.page, baseUrl);
    const messagesLink = settings.appMenuLink("Messages");
    await settings.goto("/");
    await waitForLiveChannel(desk.page);

    // Milo writes while Olive looks at her list: the count beside Messages comes live.
    await send(milo, `/api/groups/${groupId}/conversation`, "Who brings the blanket?");
    await messagesLink.getByText("1 unread message", { exact: true }).waitFor();
    await send(milo, `/api/tasks/${task.id}/conversation`, "I'll bring the basket");
    await messagesLink.getByText("2 unread messages", { exact: true }).waitFor();
    // Read to a screen reader after the link's name.
    const describedBy = await messagesLink.getAttribute("aria-describedby");
    expect(await desk.page.locator(`[id="${describedBy}"]`).textContent()).toContain("2 unread messages");

    await settings.open();
    const group = "The Millers: Group conversation";
    expect(await settings.choice(group, "All messages").isChecked()).toBe(true);
    await settings.conversation("The Millers: Plan the picnic (task)").waitFor();
    await settings.choose(group, "Nothing (muted)");
    // A muted conversation no longer counts in the menu.
    await messagesLink.getByText("1 unread message", { exact: true }).waitFor();
    await expect
      .poll(async () => {
        const response = await olive.client.request("/api/conversations");
        const { conversations } = (await response.json()) as {
          conversations: { taskId: string | null; notify: string }[];
        };
        return conversations.find((conversation) => conversation.taskId === null)?.notify;
      })
      .toBe("none");
    await desk.page.reload();
    await settings.waitFor();
    // The copy kept on the device shows first; the server's answer replaces it.
    await expect.poll(() => settings.choice(group, "Nothing (muted)").isChecked()).toBe(true);
    expect(await violationsInBothThemes(desk.page)).toEqual({ light: [], dark: [] });

    // The task's page shows its thread; reading it there clears the count.
    const taskPage = new TaskDetailPage(desk.page, baseUrl);
    await taskPage.open(task.id);
    await taskPage.waitForTitle("Plan the picnic");
    await desk.page.getByRole("heading", { name: "Conversation", level: 2 }).waitFor();
    await new MessagingPage(desk.page, baseUrl).message("I'll bring the basket").waitFor();
    await expect.poll(() => messagesLink.getByText(/unread/).count()).toBe(0);
    expect(desk.errors).toEqual([]);
  });
});

/** Sends a message as `person` to the conversation `conversationPath` answers with. */
async function send(person: Person, conversationPath: string, body: string): Promise<void> {
  const conversation = (await (await person.client.request(conversationPath)).json()) as { id: string };
  const response = await person.client.request(`/api/conversations/${conversation.id}/messages`, {
    json: { clientId: crypto.randomUUID(), body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}
