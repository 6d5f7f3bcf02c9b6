import { beforeAll, describe, expect, it } from "vitest";
import { waitForLiveChannel } from "./pages/groups-pages";
import { MessagingPage } from "./pages/messaging-page";
import { violationsInBothThemes } from "./support/accessibility";
import { useFamilies } from "./support/family";
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
    await miloView.message("Dinner at seven?").getByRole("button", { name: /^Reply/ }).click();
    await miloView.input().pressSequentially("Sure @Oli");
    await phone.page.getByRole("option", { name: /Olive/ }).waitFor();
    await miloView.input().press("Enter");
    await miloView.input().pressSequentially("see you there");
    await miloView.input().press("Enter");
    await miloView.messages().getByRole("listitem", { name: "Message waiting to be sent" }).waitFor();
    await phone.page.context().setOffline(false);
    const reply = oliveView.message(/Sure @Olive .*see you there/);
    await reply.waitFor();
    // Quoted above it: the message it answers. Marked for her: it mentions her.
    expect(await reply.textContent()).toContain("Dinner at seven?");
    expect(await reply.getAttribute("aria-label")).toMatch(/mentions you$/);
    await miloView.messages().getByRole("listitem", { name: "Message waiting to be sent" }).waitFor({ state: "detached" });
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
});
