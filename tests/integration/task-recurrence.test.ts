import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backup } from "../../domain/backup.js";
import type { Group } from "../../domain/groups.js";
import type { NotificationPage } from "../../domain/notifications.js";
import type { GroupTasks, Task } from "../../domain/tasks.js";
import { sendDueReminders } from "../../server/services/notifications/reminders.js";
import { describeEachDialect } from "../helpers/databases.js";
import { familyOfTwo } from "../helpers/groups.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const DAY_MS = 86_400_000;
/** A day as a deadline writes it, `days` from today in UTC (everyone here lives in UTC). */
const day = (days: number, from = Date.now()) => new Date(from + days * DAY_MS).toISOString().slice(0, 10);
/** The first date after today that falls on this weekday (0 Sunday … 6 Saturday), in UTC. */
function nextWeekdayAfterToday(weekday: number): string {
  for (let days = 1; ; days += 1) if (new Date(Date.now() + days * DAY_MS).getUTCDay() === weekday) return day(days);
}

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function refused(response: Response, status = 400): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  return body.error.message;
}

describeEachDialect("repeating tasks", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, REMINDER_LEAD_MINUTES: "60" });
  let ada: HttpClient;
  let grace: HttpClient;
  let linus: HttpClient;
  let family: string;
  let adaPersonal: string;

  beforeAll(async () => {
    ({ ada, grace, family } = await familyOfTwo(context.server));
    linus = (await signUpConfirmed(context.server, "Linus")).client;
    for (const client of [ada, linus])
      await json(await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
    adaPersonal = (await json<Group[]>(await ada.request("/api/groups"))).find((group) => group.isPersonal)!.id;
  });

  const create = async (client: HttpClient, body: Record<string, unknown>) =>
    (await json<{ task: Task }>(await client.request("/api/tasks", { json: { groupId: family, ...body } }), 201)).task;
  const patch = (client: HttpClient, id: string, body: Record<string, unknown>) =>
    client.request(`/api/tasks/${id}`, { method: "PATCH", json: body });
  /** The family's open tasks with this title. */
  const openCopies = async (title: string) =>
    (await json<GroupTasks>(await ada.request(`/api/groups/${family}/tasks`))).tasks.filter(
      (task) => task.title === title && !task.completed,
    );

  it("stores a repeat on create and on update, upper-cased, and stops it with repeat: null", async () => {
    const task = await create(ada, {
      title: "Bins out",
      deadline: day(1),
      repeat: { rule: "freq=weekly;byday=mo", fromCompletion: false },
    });
    expect(task.repeat).toEqual({ rule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: false });
    const changed = await json<Task>(
      await patch(grace, task.id, { repeat: { rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true } }),
    );
    expect(changed.repeat).toEqual({ rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true });
    expect((await json<Task>(await ada.request(`/api/tasks/${task.id}`))).repeat).toEqual(changed.repeat);
    expect((await json<Task>(await patch(ada, task.id, { repeat: null }))).repeat).toBeNull();
    // fromCompletion may be left out.
    const plain = await create(ada, { title: "Plain", deadline: day(1), repeat: { rule: "FREQ=DAILY" } });
    expect(plain.repeat).toEqual({ rule: "FREQ=DAILY", fromCompletion: false });
  });

  it("refuses rules a task cannot follow, naming the field", async () => {
    const rules = [
      "FREQ=SECONDLY",
      "FREQ=HOURLY;INTERVAL=2",
      "RRULE:FREQ=DAILY",
      "FREQ=DAILY;COUNT=3",
      "FREQ=WEEKLY;UNTIL=20301231T000000Z",
      "FREQ=DAILY;BYHOUR=9",
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
      "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6",
      "FREQ=WEEKLY;BYDAY=XX",
      "FREQ=DAILY\nDTSTART:20260101T000000Z",
      `FREQ=WEEKLY;BYDAY=${Array.from({ length: 70 }, () => "MO").join(",")}`,
      "every monday",
      "",
    ];
    for (const rule of rules) {
      const message = await refused(
        await ada.request("/api/tasks", {
          json: { groupId: family, title: "Nope", deadline: day(1), repeat: { rule, fromCompletion: false } },
        }),
      );
      expect(message, rule).toMatch(/^body\.repeat\.rule: /);
    }
    const task = await create(ada, { title: "Fine so far", deadline: day(1) });
    expect(await refused(await patch(ada, task.id, { repeat: { rule: "FREQ=MINUTELY" } }))).toMatch(
      /^body\.repeat\.rule: A task repeats at most daily/,
    );
    expect(await openCopies("Nope")).toEqual([]);
  });

  it("needs a deadline, and one the rule comes round after", async () => {
    const message = await refused(
      await ada.request("/api/tasks", {
        json: { groupId: family, title: "Someday", repeat: { rule: "FREQ=DAILY", fromCompletion: false } },
      }),
    );
    expect(message).toBe("body.repeat: A repeating task needs a deadline");

    const undated = await create(ada, { title: "Undated" });
    expect(await refused(await patch(ada, undated.id, { repeat: { rule: "FREQ=DAILY" } }))).toBe(
      "body.repeat: A repeating task needs a deadline",
    );
    const repeating = await create(ada, { title: "Dated", deadline: day(2), repeat: { rule: "FREQ=DAILY" } });
    expect(await refused(await patch(ada, repeating.id, { deadline: null }))).toBe(
      "body.repeat: A repeating task needs a deadline",
    );
    const cleared = await json<Task>(await patch(ada, repeating.id, { deadline: null, repeat: null }));
    expect(cleared).toMatchObject({ deadline: null, repeat: null });

    // Every fourth year from 2025 never reaches a 29 February.
    expect(
      await refused(
        await ada.request("/api/tasks", {
          json: {
            groupId: family,
            title: "Leap day party",
            deadline: "2025-02-28",
            repeat: { rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29" },
          },
        }),
      ),
    ).toMatch(/^body\.repeat\.rule: This repeat does not come round again/);
  });

  it("adds exactly one next occurrence on completion, a copy due a week later", async () => {
    const deadline = `${day(1)}T07:30`;
    const weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][new Date(`${day(1)}T00:00Z`).getUTCDay()]!;
    const task = await create(ada, {
      groupId: adaPersonal,
      title: "Water the plants",
      notes: "The fern too",
      priority: "high",
      category: "personal",
      deadline,
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}`, fromCompletion: false },
      subtasks: [{ title: "Kitchen" }, { title: "Balcony" }],
    });
    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
    await json(
      await ada.request(`/api/tasks/${task.id}/subtasks/${task.subtasks[0]!.id}`, {
        method: "PATCH",
        json: { completed: true },
      }),
    );
    const before = (await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`))).seq;
    const adasDevice = await openLiveSocket(ada);

    const done = await json<Task>(await patch(grace, task.id, { completed: true }));
    expect(done).toMatchObject({ completed: true, repeat: null, deadline, title: "Water the plants" });

    // Grace's device catches up from the change log and finds the new one there.
    const changes = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks?since=${before}`));
    const next = changes.tasks.find((item) => item.id !== task.id)!;
    expect(changes.tasks.map((item) => item.id).sort()).toEqual([task.id, next.id].sort());
    // Ada's other device hears of the change up to the new task, as of any change.
    await adasDevice.waitFor(
      (message) => message.type === "tasks.changed" && message.groupId === family && message.seq === changes.seq,
    );
    adasDevice.socket.close();
    expect(next).toMatchObject({
      groupId: adaPersonal,
      title: "Water the plants",
      notes: "The fern too",
      priority: "high",
      category: "personal",
      ownerId: task.ownerId,
      completed: false,
      completedAt: null,
      deadline: `${day(8)}T07:30`,
      deadlineTimeZone: "UTC",
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}`, fromCompletion: false },
      sharedWithGroups: [family],
      subtasksTotal: 2,
      subtasksCompleted: 0,
    });
    expect(next.subtasks.map((subtask) => [subtask.title, subtask.completed])).toEqual([
      ["Kitchen", false],
      ["Balcony", false],
    ]);
    expect(next.id).toMatch(new RegExp(`^${adaPersonal.slice(0, 8)}-[a-z0-9]{10}$`));

    // Reopening gives the repeat back to nobody, so completing it again adds nothing.
    expect((await json<Task>(await patch(ada, task.id, { completed: false }))).repeat).toBeNull();
    await json(await patch(ada, task.id, { completed: true }));
    expect(await openCopies("Water the plants")).toHaveLength(1);
  });

  it("skips the missed occurrences of a task done late, and counts from completion when asked", async () => {
    const late = await create(ada, {
      title: "Mow the lawn",
      deadline: "2020-01-06",
      repeat: { rule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: false },
    });
    await json(await patch(ada, late.id, { completed: true }));
    expect((await openCopies("Mow the lawn")).map((task) => task.deadline)).toEqual([nextWeekdayAfterToday(1)]);

    const watering = await create(ada, {
      title: "Water the cactus",
      deadline: "2020-01-01T09:00",
      repeat: { rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true },
    });
    const before = Date.now();
    await json(await patch(ada, watering.id, { completed: true }));
    const [next] = await openCopies("Water the cactus");
    // Counted from the day it was done (UTC here), at the deadline's time of day.
    expect([`${day(3, before)}T09:00`, `${day(3)}T09:00`]).toContain(next!.deadline);
    expect(next!.repeat).toEqual({ rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true });
  });

  it("adds one next occurrence when several devices complete at once", async () => {
    const task = await create(ada, { title: "Take out recycling", deadline: day(1), repeat: { rule: "FREQ=DAILY" } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        patch(index % 2 ? grace : ada, task.id, { completed: true, operationId: `op-recycling-${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const copies = await openCopies("Take out recycling");
    expect(copies.map((copy) => copy.deadline)).toEqual([day(2)]);
  });

  it("adds one next occurrence when the offline queue replays a completion", async () => {
    const task = await create(ada, { title: "Feed the cat", deadline: day(1), repeat: { rule: "FREQ=DAILY" } });
    const body = { completed: true, operationId: "op-feed-cat-0001" };
    const first = await patch(ada, task.id, body);
    expect(first.headers.get("x-operation-replayed")).toBe("false");
    const replays = await Promise.all([patch(ada, task.id, body), patch(ada, task.id, body)]);
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(replay.headers.get("x-operation-replayed")).toBe("true");
    }
    expect(await openCopies("Feed the cat")).toHaveLength(1);
  });

  it("answers 404 for another user's task and group, whatever the repeat", async () => {
    const task = await create(ada, { title: "Family only", deadline: day(1), repeat: { rule: "FREQ=DAILY" } });
    expect(await refused(await patch(linus, task.id, { repeat: null }), 404)).toBe("Task not found");
    expect(await refused(await patch(linus, task.id, { completed: true }), 404)).toBe("Task not found");
    expect(
      await refused(
        await linus.request("/api/tasks", {
          json: { groupId: family, title: "Sneaky", deadline: day(1), repeat: { rule: "FREQ=DAILY" } },
        }),
        404,
      ),
    ).toBe("Group not found");
    expect(await openCopies("Family only")).toHaveLength(1);
  });

  it("keeps the repeat through a backup and a restore", async () => {
    const task = await create(ada, {
      groupId: adaPersonal,
      title: "Pay rent",
      deadline: "2031-01-31",
      repeat: { rule: "FREQ=MONTHLY;BYMONTHDAY=-1", fromCompletion: false },
    });
    const backup = await json<Backup>(await ada.request("/api/backup"));
    expect(backup.tasks.find((item) => item.id === task.id)?.repeat).toEqual({
      rule: "FREQ=MONTHLY;BYMONTHDAY=-1",
      fromCompletion: false,
    });
    await ada.request(`/api/tasks/${task.id}`, { method: "DELETE" });
    await json(await ada.request("/api/backup/restore", { json: { backup, mode: "merge" } }));
    const restored = await json<Task>(await ada.request(`/api/tasks/${task.id}`));
    expect(restored.repeat).toEqual({ rule: "FREQ=MONTHLY;BYMONTHDAY=-1", fromCompletion: false });

    const done = await json<Task>(await patch(ada, task.id, { completed: true }));
    expect(done.repeat).toBeNull();
    const mine = await json<Task[]>(await ada.request("/api/tasks"));
    expect(mine.filter((item) => item.title === "Pay rent" && !item.completed).map((item) => item.deadline)).toEqual([
      "2031-02-28",
    ]);

    const undated = {
      ...backup,
      tasks: [
        {
          ...backup.tasks.find((item) => item.id === task.id)!,
          id: `${adaPersonal.slice(0, 8)}-zzzzzzzzzz`,
          deadline: null,
        },
      ],
    };
    expect(
      await refused(await ada.request("/api/backup/restore", { json: { backup: undated, mode: "merge" } })),
    ).toContain("A repeating task needs a deadline");
  });
});

describeEachDialect("reminders of repeating tasks", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, REMINDER_LEAD_MINUTES: "60" });

  describe("the next occurrence", () => {
    it("is reminded of like any task, the lead time before its deadline", async () => {
      const { client: ada } = await signUpConfirmed(context.server, "Ada");
      await json(await ada.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
      const group = (await json<Group[]>(await ada.request("/api/groups")))[0]!.id;
      const now = new Date();
      const deadline = new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 16);
      const { task } = await json<{ task: Task }>(
        await ada.request("/api/tasks", {
          json: { groupId: group, title: "Take the pill", deadline, repeat: { rule: "FREQ=DAILY" } },
        }),
        201,
      );
      await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
      const next = (await json<Task[]>(await ada.request("/api/tasks"))).find((item) => !item.completed)!;
      expect(next.deadline).toBe(new Date(Date.parse(`${deadline}Z`) + DAY_MS).toISOString().slice(0, 16));

      // Half an hour before its reminder is due: nothing; half an hour after: one, for the new task.
      const due = Date.parse(`${next.deadline}Z`) - 3600_000;
      expect(await sendDueReminders(context.server.app.deps, new Date(due - 30 * 60_000))).toBe(0);
      expect(await sendDueReminders(context.server.app.deps, new Date(due + 30 * 60_000))).toBe(1);
      const page = await json<NotificationPage>(await ada.request("/api/notifications"));
      expect(page.notifications.filter((entry) => entry.type === "reminder").map((entry) => entry.link)).toEqual([
        `/task-detail-page?id=${next.id}`,
      ]);
    });
  });
});
