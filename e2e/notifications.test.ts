import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group, Invitation } from "../domain/groups";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { signUpConfirmed } from "../tests/helpers/email";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { waitForLiveChannel } from "./pages/groups-pages";
import { NotificationsPage } from "./pages/notifications-page";
import { collectPageErrors, useBrowser } from "./support/session";

/**
 * The notification center as Bea sees it in her browser while Ada, elsewhere, works in their
 * shared group (over the API, as her own browser would).
 */
describe("notification center, live", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  let ada: HttpClient;
  let bea: HttpClient;
  let family: string;

  const json = async <T>(response: Response): Promise<T> => {
    expect(response.ok, `${response.status} ${await response.clone().text()}`).toBe(true);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    ada = (await signUpConfirmed(server, "Ada")).client;
    bea = (await signUpConfirmed(server, "Bea")).client;
    family = (await json<Group>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }))).id;
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${family}/invitations`, { json: { email: "bea@example.org" } }),
    );
    await json(await bea.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** Bea's browser, signed in with her session. */
  async function beaPage(): Promise<Page> {
    const context = await session.newContext();
    await context.addCookies([{ name: "tandem_session", value: bea.cookie("tandem_session")!, url: server.baseUrl }]);
    return context.newPage();
  }

  async function adaCompletes(title: string): Promise<Task> {
    const { task } = await json<{ task: Task }>(await ada.request("/api/tasks", { json: { groupId: family, title } }));
    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    return task;
  }

  it("counts, pops up and lists what happens while the app is open, and marks it read on opening", async () => {
    const page = await beaPage();
    const errors = collectPageErrors(page);
    const notifications = new NotificationsPage(page, server.baseUrl);
    await notifications.open();
    await waitForLiveChannel(page);
    // Ada's invitation, answered before this page opened, is unread.
    const bell = notifications.notificationBell();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await notifications.markAllRead();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");

    const task = await adaCompletes("Water the plants");
    // The toast, the count in the header and the entry in the list, without a reload.
    await notifications.text("Ada completed a task").first().waitFor();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    const entry = notifications.entry(/Ada completed a task.*\(unread\)/);
    await entry.waitFor();
    expect(await entry.textContent()).toContain("Water the plants");

    await entry.click();
    await page.waitForURL(`${server.baseUrl}/task-detail-page?id=${encodeURIComponent(task.id)}`);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");
    expect(errors).toEqual([]);
  });

  it("makes none of a kind switched off on the page", async () => {
    const page = await beaPage();
    const notifications = new NotificationsPage(page, server.baseUrl);
    await notifications.open();
    const tasks = notifications.kindSwitch("Tasks");
    await tasks.waitFor();
    expect(await tasks.getAttribute("aria-checked")).toBe("true");
    await tasks.click();
    await expect.poll(() => tasks.getAttribute("aria-checked")).toBe("false");
    await expect
      .poll(async () => {
        const settings = await json<{ preferences: { type: string; enabled: boolean }[] }>(
          await bea.request("/api/notification-settings"),
        );
        return settings.preferences.find((entry) => entry.type === "task")?.enabled;
      })
      .toBe(false);

    // Quiet hours for email, set and taken back on the page.
    const settingsNow = async () =>
      json<{ quiet_hours_start: string | null; quiet_hours_end: string | null }>(
        await bea.request("/api/notification-settings"),
      );
    await notifications.setQuietHours("21:30", "06:45");
    await expect
      .poll(async () => {
        const { quiet_hours_start, quiet_hours_end } = await settingsNow();
        return [quiet_hours_start, quiet_hours_end];
      })
      .toEqual(["21:30", "06:45"]);
    await notifications.text(/From 21:30 to 06:45/).waitFor();
    await notifications.clearQuietHours();
    await expect.poll(async () => (await settingsNow()).quiet_hours_start).toBeNull();

    await adaCompletes("Sweep the porch");
    await page.reload();
    await notifications.allReadHeading().waitFor();
    expect(await notifications.text("Sweep the porch").count()).toBe(0);
  });
});
