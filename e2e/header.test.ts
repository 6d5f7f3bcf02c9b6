import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { confirmEmail } from "../tests/helpers/email";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { Navigation } from "./pages/navigation";
import { TaskListPage } from "./pages/task-pages";
import { useBrowser } from "./support/session";

const ADMIN_EMAIL = "header-admin@example.org";
const WIDTHS = [1280, 1024, 768, 390];

/** The app's header and navigation with the most they hold: an admin's menu and the offline pill. */
describe("app header", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database, { ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("shows every menu item and the offline pill without covering anything, at every width", async () => {
    const { client } = await signUp(server.baseUrl, "Hana Header", ADMIN_EMAIL);
    // ADMIN_EMAILS counts for a confirmed address, decided at sign-in: confirm, then sign in again.
    await confirmEmail(server.database.db, client, ADMIN_EMAIL);
    const admin = await signInWithBuiltinProvider(
      server.baseUrl,
      { email: ADMIN_EMAIL, password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const context = await session.newContext({ viewport: { width: WIDTHS[0]!, height: 720 } });
    await context.addCookies([
      { name: "tandem_session", value: admin.client.cookie("tandem_session")!, url: server.baseUrl },
    ]);
    const page = await context.newPage();
    const list = new TaskListPage(page, server.baseUrl);
    await list.open();
    await context.setOffline(true);
    await list.add("Written in a tunnel");
    await list.syncIndicator(/^Offline · 1 to sync/).waitFor();
    const nav = new Navigation(page, server.baseUrl);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 720 });
      // The app renders the navigation its width uses once it has seen the resize.
      await (width >= 1024 ? nav.sidebar() : nav.phoneBar()).waitFor();
      // What a person can click: each control of the header and of the navigation is itself at
      // its own centre (nothing lies over it, it is not scrolled out of its row) and lies within
      // the window.
      const covered = await page.evaluate(() => {
        const controls = [
          ...document.querySelectorAll(
            "header a, header button, header fieldset label, nav[aria-label=App] a, nav[aria-label=App] button",
          ),
        ];
        return controls
          .filter((control) => (control as HTMLElement).offsetParent !== null)
          .flatMap((control) => {
            // The sidebar scrolls on its own when it is taller than the window (a short laptop
            // screen): an item below its fold is brought into view as a keyboard or wheel would.
            if (control.closest("aside")) control.scrollIntoView({ block: "nearest" });
            const box = control.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            const name = control.getAttribute("aria-label") ?? control.getAttribute("title") ?? control.textContent;
            if (box.left < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
              return [`${name} is outside the window`];
            return hit && control.contains(hit) ? [] : [`${name} is covered by ${hit?.textContent ?? "nothing"}`];
          });
      });
      expect(covered, `at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // Every item's name where there is room for all (the sidebar, from 1024 px); below, the
      // bar's own, and Admin under More.
      if (width >= 1024) {
        expect(await nav.sidebarLabels(), `labels at ${width} px`).toEqual([
          "Today",
          "Upcoming",
          "Calendar",
          expect.stringMatching(/^Hana Header/),
          "Manage groups",
          "Dashboard",
          "Group tasks",
          "Messages",
          "Delegation",
          "Shopping",
          "Meals",
          "Time tracking",
          "Analysis",
          "Coupons",
          "Invitations",
          "Settings",
          "Modules",
          "Admin",
        ]);
      } else {
        expect(await nav.phoneBar().innerText(), `labels at ${width} px`).toMatch(/^Today\s+Tasks\s+Upcoming\s+More$/);
        await nav.moreButton().click();
        await nav.moreSheetLink("Admin").waitFor();
        await page.keyboard.press("Escape");
        await nav.moreSheet().waitFor({ state: "hidden" });
      }
    }
  });
});
