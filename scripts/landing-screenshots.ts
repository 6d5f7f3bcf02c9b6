/**
 * `npm run screenshots:landing`: the pictures of the app that the landing page shows, taken from
 * the real app. Starts the server on a fresh SQLite database (the current web build; a stale one
 * is rebuilt first), fills it with a family's believable week (three people, a family group, a
 * dozen tasks with priorities, categories, deadlines, notes and subtasks), opens the signed-in
 * task list in Debian's Chromium at 1280 px and at 390 px, light and dark, and writes each as
 * WebP, full size and half, into web/scenes/landing/app-pictures/, where the landing page imports
 * them (so the build gives them hashed, cached-for-a-year names). Run it again after the task
 * list changes, and commit the eight images (docs/decisions.md, "Public site", says why the build does not).
 *
 * WEB_DIST_DIR uses another build instead of dist/web (one that is not rebuilt under you).
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserContextOptions } from "playwright-core";
import sharp from "sharp";
import { launchChromium } from "../e2e/support/chromium.js";
import { PROJECT_ROOT } from "../server/env.js";
import { createSqliteDatabase } from "../tests/helpers/databases.js";
import { confirmEmail } from "../tests/helpers/email.js";
import type { HttpClient } from "../tests/helpers/http-client.js";
import { type RunningServer, startServer } from "../tests/helpers/server.js";
import { signUp } from "../tests/helpers/sign-in.js";
import { CURRENT_GROUP_STORAGE_KEY } from "../web/stores/current-group.js";
import { buildWebIfStale } from "./web-build.js";

export const PICTURE_DIR = path.join(PROJECT_ROOT, "web", "scenes", "landing", "app-pictures");
/** Each image stays under this, so the landing page stays light (it loads one or two of them). */
const MAX_BYTES = 120 * 1024;

const DEVICES = {
  desk: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  // A phone's pixels: sharp on the landing page's high-density screens, where it is shown small.
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

type Person = { client: HttpClient; id: string; email: string };

async function json<T>(client: HttpClient, route: string, body?: unknown, method?: string): Promise<T> {
  const response = await client.request(route, {
    ...(method ? { method } : {}),
    ...(body === undefined ? {} : { json: body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method ?? (body ? "POST" : "GET")} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function person(server: RunningServer, name: string): Promise<Person> {
  const email = `${name.split(" ")[0]!.toLowerCase()}@carter.example.org`;
  const { client, id } = await signUp(server.baseUrl, name, email);
  // A confirmed address: invitations need one, and the app shows no "confirm your email" notice.
  await confirmEmail(server.database.db, client, email);
  return { client, id, email };
}

/** "2026-05-14" `days` from today (UTC, the zone the browser runs in below), optionally with a time. */
function day(days: number, time?: string): string {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return time ? `${date}T${time}` : date;
}

/** The Carters: Maya owns the family group, Sam and Lily were invited and joined. */
async function seedFamily(server: RunningServer): Promise<{ maya: Person; familyId: string }> {
  // The first account of an instance is its administrator: not Maya, whose menu has no Admin.
  await signUp(server.baseUrl, "Instance Admin", "admin@carter.example.org");
  const maya = await person(server, "Maya Carter");
  const sam = await person(server, "Sam Carter");
  const lily = await person(server, "Lily Carter");
  const family = await json<{ id: string }>(maya.client, "/api/groups", { name: "Carter family", type: "family" });
  for (const member of [sam, lily]) {
    await json(maya.client, `/api/groups/${family.id}/invitations`, { email: member.email });
    const { received } = await json<{ received: { id: string }[] }>(member.client, "/api/invitations");
    await json(member.client, `/api/invitations/${received[0]!.id}/respond`, { accept: true });
  }
  await json(maya.client, `/api/groups/${family.id}/categories`, {
    name: "Garden",
    color: "bg-green-500",
    icon: "home",
  });

  const tasks: [Person, Record<string, unknown>][] = [
    [maya, { title: "Pick up the birthday cake", priority: "high", category: "group", deadline: day(0, "17:30") }],
    [
      sam,
      {
        title: "Weekly grocery shop",
        category: "shopping",
        deadline: day(1),
        subtasks: ["Milk", "Eggs", "Sourdough bread", "Apples", "Coffee beans"].map((title) => ({ title })),
      },
    ],
    [maya, { title: "Book the dentist for Lily", priority: "high", category: "group", deadline: day(2, "09:00") }],
    [
      sam,
      {
        title: "Pay the electricity bill",
        priority: "high",
        category: "personal",
        deadline: day(3),
        notes: "Meter reading is on the fridge.",
      },
    ],
    [lily, { title: "Sign the school trip form", category: "group", deadline: day(1) }],
    [maya, { title: "Plan Saturday's picnic", category: "group", deadline: day(5), notes: "Ask the Nguyens along?" }],
    [sam, { title: "Renew the car insurance", category: "personal", deadline: day(9) }],
    [lily, { title: "New football boots (size 4)", category: "shopping" }],
    [sam, { title: "Fix the squeaky garden gate", priority: "low", category: "garden" }],
    [lily, { title: "Water the tomatoes", priority: "low", category: "garden", deadline: day(0) }],
    [maya, { title: "Take the recycling out", priority: "low", category: "other", deadline: day(-1) }],
    [maya, { title: "Call Grandma about Sunday lunch", category: "group" }],
  ];
  const created: { id: string; title: string; client: HttpClient }[] = [];
  // The list shows the newest first: the most pressing are added last.
  for (const [owner, task] of tasks.toReversed()) {
    const answer = await json<{ task: { id: string; subtasks: { id: string }[] } }>(owner.client, "/api/tasks", {
      groupId: family.id,
      ...task,
    });
    created.push({ id: answer.task.id, title: task.title as string, client: owner.client });
    // Two things are in the trolley already.
    for (const subtask of answer.task.subtasks.slice(0, 2)) {
      await json(owner.client, `/api/tasks/${answer.task.id}/subtasks/${subtask.id}`, { completed: true }, "PATCH");
    }
  }
  // Done this week: the list shows progress, not only chores.
  for (const title of ["Take the recycling out", "Call Grandma about Sunday lunch"]) {
    const task = created.find((entry) => entry.title === title)!;
    await json(task.client, `/api/tasks/${task.id}`, { completed: true }, "PATCH");
  }
  return { maya, familyId: family.id };
}

async function capture(server: RunningServer, cookie: string, familyId: string): Promise<string[]> {
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    for (const [device, options] of Object.entries(DEVICES)) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          ...options,
          colorScheme,
          locale: "en-GB",
          timezoneId: "UTC",
          reducedMotion: "reduce",
          serviceWorkers: "block",
        });
        await context.addCookies([{ name: "tandem_session", value: cookie, url: server.baseUrl }]);
        await context.addInitScript(
          ([key, groupId]) => window.localStorage.setItem(key!, groupId!),
          [CURRENT_GROUP_STORAGE_KEY, familyId],
        );
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
        await page.getByText("Pick up the birthday cake").first().waitFor();
        // No text cursor blinking in a field, no hover state: the list as it sits.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.mouse.move(0, 0);
        const png = await page.screenshot({ type: "png", animations: "disabled" });
        // Full size, and half for where the page shows it small (srcset picks).
        for (const [suffix, scale] of [
          ["", 1],
          ["-half", 0.5],
        ] as const) {
          const file = path.join(PICTURE_DIR, `app-${device}-${colorScheme}${suffix}.webp`);
          const width = Math.round(options.viewport.width * options.deviceScaleFactor * scale);
          const webp = await sharp(png).resize({ width }).webp({ quality: 78, effort: 6 }).toBuffer();
          if (webp.length > MAX_BYTES) throw new Error(`${file}: ${webp.length} bytes, over ${MAX_BYTES}`);
          fs.writeFileSync(file, webp);
          written.push(`${path.relative(PROJECT_ROOT, file)} (${width} px wide, ${Math.round(webp.length / 1024)} kB)`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}

const webDistDir = process.env.WEB_DIST_DIR;
if (!webDistDir) buildWebIfStale();
fs.mkdirSync(PICTURE_DIR, { recursive: true });
const database = await createSqliteDatabase();
const server = await startServer(database, webDistDir ? { WEB_DIST_DIR: webDistDir } : {});
try {
  const { maya, familyId } = await seedFamily(server);
  const written = await capture(server, maya.client.cookie("tandem_session")!, familyId);
  console.log(`wrote\n  ${written.join("\n  ")}`);
} finally {
  await server.close();
  await database.drop();
}
