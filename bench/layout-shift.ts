/**
 * Layout shift of every page of the page table (domain/pages.ts), loaded in Debian's Chromium
 * through playwright-core, as a visitor (the public pages) and as a signed-in user (every page),
 * on a phone (390 px) and a desk (1280 px). The user has tasks with deadlines, notifications and a
 * family group, so the lists have something to load. Each kind of visit shares one browser
 * context, so the app's code is cached after the first page, as for someone using the app; the
 * data is fetched afresh for each page.
 *
 * The figure per page is the sum of every layout shift of its load not caused by input
 * (e2e/support/layout-shift.ts): at least the page's CLS. Goal: ≤ 0.05 on every page.
 */
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { PAGES } from "../domain/pages.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium.js";
import { layoutShiftOfLoad, type PageLayoutShift } from "../e2e/support/layout-shift.js";
import { readBlogPosts } from "../server/content/content-files.js";
import { PROJECT_ROOT } from "../server/env.js";
import { signUp } from "../tests/helpers/sign-in.js";

export const LAYOUT_SHIFT_GOAL = 0.05;
const CONCURRENT_PAGES = 3;
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desk: { width: 1280, height: 800 } } as const;

export interface LayoutShiftRow {
  path: string;
  visit: "visitor" | "user";
  viewport: keyof typeof VIEWPORTS;
  total: number;
  /** The largest shifts' sources, for finding the cause. */
  worst: string[];
}

interface UserFixture {
  cookie: string;
  taskId: string;
}

/** A user whose pages have content: tasks with and without deadlines, notifications, a family group. */
async function prepareUser(baseUrl: string): Promise<UserFixture> {
  const { client } = await signUp(baseUrl, "Shift Watcher", "shift-watcher@example.org");
  const call = async (route: string, json?: unknown, status = 200) => {
    const response = await client.request(route, json === undefined ? {} : { json });
    if (response.status !== status) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const groups = (await call("/api/groups")) as { id: string; isPersonal: boolean }[];
  const personal = groups.find((group) => group.isPersonal)!.id;
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  let taskId = "";
  for (const [index, title] of ["Call the plumber", "Book the dentist", "Water the plants", "Pay the rent"].entries()) {
    const { task } = (await call(
      "/api/tasks",
      { groupId: personal, title, ...(index % 2 === 0 ? { deadline: `${day}T18:45` } : {}) },
      201,
    )) as { task: { id: string } };
    taskId ||= task.id;
  }
  await call("/api/groups", { name: "The Millers", type: "family" }, 201);
  for (let i = 0; i < 4; i += 1) await call("/api/notifications/test", {});
  return { cookie: client.cookie("tandem_session")!, taskId };
}

/** Pages that end the session they are opened in: measured for visitors only. */
const SIGNS_OUT = new Set(["/logout", "/sign-out"]);

/** Every page of the table with the query it needs to show something (a task, a blog post). */
function pagePaths(taskId: string): { path: string; access: string }[] {
  const post = readBlogPosts(path.join(PROJECT_ROOT, "content"))[0];
  // The built-in provider's sign-in step needs an interaction it started itself.
  return PAGES.filter((page) => !page.path.startsWith("/oidc/")).map((page) => {
    const query =
      page.path === "/blog-post" && post
        ? `?slug=${post.slug}`
        : page.path.endsWith("task-detail-page")
          ? `?id=${encodeURIComponent(taskId)}`
          : "";
    return { path: `${page.path}${query}`, access: page.access };
  });
}

function describeWorst(result: PageLayoutShift): string[] {
  return [...result.shifts]
    .sort((a, b) => b.value - a.value)
    .slice(0, 2)
    .map((shift) => `${shift.value.toFixed(3)} ${shift.sources.join(" + ")}`);
}

export async function measureLayoutShifts(
  baseUrl: string,
  options: { only?: (path: string) => boolean; browser?: Browser; throttled?: boolean } = {},
): Promise<LayoutShiftRow[]> {
  const user = await prepareUser(baseUrl);
  const paths = pagePaths(user.taskId).filter((page) => options.only?.(page.path) ?? true);
  const browser =
    options.browser ??
    (await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] }));
  const rows: LayoutShiftRow[] = [];
  try {
    for (const visit of ["visitor", "user"] as const) {
      for (const [viewport, size] of Object.entries(VIEWPORTS) as [
        keyof typeof VIEWPORTS,
        { width: number; height: number },
      ][]) {
        const context = await browser.newContext({ viewport: size, serviceWorkers: "block" });
        if (visit === "user") await context.addCookies([{ name: "tandem_session", value: user.cookie, url: baseUrl }]);
        try {
          // A few pages at a time: the time is the emulated network's, not the machine's.
          const queue = paths.filter((page) =>
            visit === "user" ? !SIGNS_OUT.has(page.path) : page.access === "public",
          );
          const worker = async () => {
            for (let page = queue.shift(); page; page = queue.shift()) {
              const tab = await context.newPage();
              try {
                const result = await layoutShiftOfLoad(tab, baseUrl + page.path, { throttled: options.throttled });
                rows.push({ path: page.path, visit, viewport, total: result.total, worst: describeWorst(result) });
              } catch (error) {
                throw new Error(`${page.path} (${visit}, ${viewport}): ${(error as Error).message}`, { cause: error });
              } finally {
                await tab.close();
              }
            }
          };
          await Promise.all(Array.from({ length: CONCURRENT_PAGES }, worker));
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    if (!options.browser) await browser.close();
  }
  // Every user page was measured signed in only if the session lasted to the end.
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie: `tandem_session=${user.cookie}` } });
  if (me.status !== 200) throw new Error(`the user's session ended during the measurement (${me.status})`);
  return rows;
}
