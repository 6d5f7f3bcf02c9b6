import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConnectionStatus, OutsideSource } from "../../domain/calendar-outside.js";
import { type CreatedEvent, PUSH_MESSAGES, type PushStatus } from "../../domain/calendar-push.js";
import { FETCH_MESSAGES } from "../../server/modules/calendar-sync/outside/fetch-guard.js";
import { pushDue } from "../../server/modules/calendar-sync/push/push.js";
import { describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { type Radicale, type RadicaleAccount, startRadicale } from "../helpers/radicale.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/**
 * Tasks pushed into a connected calendar (docs/calendar.md, "Tasks in your calendar"), with a
 * real CalDAV server (Radicale) on the other side: what lands there, how it follows the task,
 * and what another user, a subscription or a refused password get.
 */
let radicale: Radicale;
let icsServer: http.Server;
let icsUrl: string;
beforeAll(async () => {
  radicale = await startRadicale();
  icsServer = http.createServer((_request, response) => {
    response.setHeader("content-type", "text/calendar");
    response.end(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//T//EN\r\nBEGIN:VEVENT\r\nUID:a@b\r\nDTSTAMP:20260101T000000Z\r\n" +
        "SUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20261224\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    );
  });
  await new Promise<void>((resolve) => icsServer.listen(0, "127.0.0.1", resolve));
  icsUrl = `http://127.0.0.1:${(icsServer.address() as AddressInfo).port}/holidays.ics`;
});
afterAll(async () => {
  await radicale?.stop();
  await new Promise((resolve) => icsServer?.close(resolve));
});

describeEachDialect("tasks pushed into a connected calendar", (dialect, createDatabase) => {
  const context = useServer(createDatabase, { CALENDAR_ALLOW_PRIVATE_URLS: "127.0.0.1/32" });
  let ada: HttpClient;
  let bob: HttpClient;
  let adaPersonal: string;
  let account: RadicaleAccount;
  let source: OutsideSource;
  let work: string;
  let home: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const errorOf = async (response: Response, status: number) =>
    (await json<{ error: { code: string; message: string } }>(response, status)).error;
  const choose = async (calendarId: string | null) =>
    json<PushStatus>(await ada.request("/api/calendar/push", { method: "PUT", json: { calendarId } }));
  const pushNow = async () => json<PushStatus>(await ada.request("/api/calendar/push/sync", { method: "POST" }));
  const objects = (slug: string) => radicale.objects(account, slug);
  const patchTask = async (id: string, changes: Record<string, unknown>) =>
    json(await ada.request(`/api/tasks/${id}`, { method: "PATCH", json: changes }));

  beforeAll(async () => {
    account = await radicale.addUser(`push-${dialect}`);
    await radicale.makeCalendar(account, "work", "Work", "#FF8800FF");
    await radicale.makeCalendar(account, "home", "Home", "#00AA00FF");
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Push"));
    ({ client: bob } = await signUp(context.server.baseUrl, "Bob Push"));
    adaPersonal = await personalGroupId(ada);
    await json(await ada.request("/api/profile", { method: "PATCH", json: { timeZone: "Europe/Berlin" } }));
    source = await json<OutsideSource>(
      await ada.request("/api/calendar/sources", {
        json: { kind: "caldav", url: radicale.baseUrl, username: account.username, password: account.password },
      }),
      201,
    );
    work = source.calendars.find((calendar) => calendar.name === "Work")!.id;
    home = source.calendars.find((calendar) => calendar.name === "Home")!.id;
  });

  it("needs sign-in for every push route", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const response of [
      await visitor.request("/api/calendar/push"),
      await visitor.request("/api/calendar/push", { method: "PUT", json: { calendarId: null } }),
      await visitor.request("/api/calendar/push/sync", { method: "POST" }),
      await visitor.request("/api/calendar/events", { json: { taskId: "x" } }),
    ]) {
      expect(response.status).toBe(401);
    }
  });

  it("puts every open task with a deadline into the chosen calendar, and follows each change", async () => {
    expect(await json<PushStatus>(await ada.request("/api/calendar/push"))).toEqual({
      calendarId: null,
      calendarName: null,
      ok: true,
      lastPushedAt: null,
      error: null,
      events: 0,
    });
    const dentist = await addTaskOverApi(ada, adaPersonal, "Dentist", { deadline: "2026-12-03T18:30" });
    const passport = await addTaskOverApi(ada, adaPersonal, "Renew passport", { deadline: "2026-12-01" });
    await addTaskOverApi(ada, adaPersonal, "Someday");
    const done = await addTaskOverApi(ada, adaPersonal, "Done already", { deadline: "2026-11-20" });
    await patchTask(done.id, { completed: true });

    const status = await choose(work);
    expect(status).toMatchObject({ calendarId: work, calendarName: `Work (${account.username})`, ok: true, events: 2 });
    let stored = await objects("work");
    expect([...stored.keys()].sort()).toEqual([`${dentist.id}.ics`, `${passport.id}.ics`].sort());
    const dentistText = stored.get(`${dentist.id}.ics`)!;
    expect(dentistText).toContain("SUMMARY:Dentist");
    expect(dentistText).toContain("DTSTART;TZID=Europe/Berlin:20261203T183000");
    expect(dentistText).toContain("BEGIN:VTIMEZONE");
    // A stored object carries no METHOD (RFC 4791).
    expect(dentistText).not.toContain("METHOD:");
    expect(stored.get(`${passport.id}.ics`)).toContain("DTSTART;VALUE=DATE:20261201");

    // The deadline moves and the title changes: the job (its next sweep) moves the event.
    await patchTask(dentist.id, { deadline: "2026-12-05T09:00", title: "Dentist, bring the card" });
    await pushDue(context.server.app.deps, new Date(Date.now() + 60_000));
    stored = await objects("work");
    expect(stored.get(`${dentist.id}.ics`)).toContain("DTSTART;TZID=Europe/Berlin:20261205T090000");
    expect(stored.get(`${dentist.id}.ics`)).toContain("SUMMARY:Dentist\\, bring the card");

    // Done: out of the calendar. A new task with a deadline: in.
    await patchTask(passport.id, { completed: true });
    const haircut = await addTaskOverApi(ada, adaPersonal, "Haircut", { deadline: "2026-12-10" });
    expect((await pushNow()).events).toBe(2);
    expect([...(await objects("work")).keys()].sort()).toEqual([`${dentist.id}.ics`, `${haircut.id}.ics`].sort());

    // Deleted: out too.
    expect((await ada.request(`/api/tasks/${haircut.id}`, { method: "DELETE" })).status).toBe(204);
    await pushNow();
    expect([...(await objects("work")).keys()]).toEqual([`${dentist.id}.ics`]);
  });

  it("overwrites an event edited in the calendar app, and puts back one deleted there, when the task changes", async () => {
    const task = await addTaskOverApi(ada, adaPersonal, "Call the bank", { deadline: "2026-12-08" });
    await pushNow();
    const name = `${task.id}.ics`;
    const original = (await objects("work")).get(name)!;
    // Someone moves it in their calendar app: the server gives the object a new ETag.
    await radicale.put(account, "work", name, original.replace("SUMMARY:Call the bank", "SUMMARY:Moved by hand"));
    await patchTask(task.id, { deadline: "2026-12-09" });
    await pushNow();
    let text = (await objects("work")).get(name)!;
    expect(text).toContain("SUMMARY:Call the bank");
    expect(text).toContain("DTSTART;VALUE=DATE:20261209");

    await radicale.remove(account, "work", name);
    await patchTask(task.id, { deadline: "2026-12-10" });
    const status = await pushNow();
    expect(status.ok).toBe(true);
    text = (await objects("work")).get(name)!;
    expect(text).toContain("DTSTART;VALUE=DATE:20261210");
  });

  it("moves the events to another calendar when another is chosen, and takes them out when none is", async () => {
    const before = [...(await objects("work")).keys()].sort();
    expect(before.length).toBeGreaterThan(0);
    await choose(home);
    expect([...(await objects("work")).keys()]).toEqual([]);
    expect([...(await objects("home")).keys()].sort()).toEqual(before);
    const none = await choose(null);
    expect(none).toMatchObject({ calendarId: null, events: 0, ok: true });
    expect([...(await objects("home")).keys()]).toEqual([]);
  });

  it("puts one task into a calendar on request (the events POST) and keeps it in step", async () => {
    const task = await addTaskOverApi(ada, adaPersonal, "Parent evening", { deadline: "2026-12-15T19:00" });
    const created = await json<CreatedEvent>(
      await ada.request("/api/calendar/events", { json: { taskId: task.id, calendarId: home } }),
      201,
    );
    expect(created.event).toMatchObject({ taskId: task.id, calendarId: home });
    expect(created.event.url).toBe(`${radicale.baseUrl}/${account.username}/home/${task.id}.ics`);
    expect((await objects("home")).get(`${task.id}.ics`)).toContain("SUMMARY:Parent evening");

    await patchTask(task.id, { deadline: "2026-12-16T19:00" });
    await pushNow();
    expect((await objects("home")).get(`${task.id}.ics`)).toContain("DTSTART;TZID=Europe/Berlin:20261216T190000");
    // Only this task: no push calendar is chosen, so the others stay out.
    expect([...(await objects("home")).keys()]).toEqual([`${task.id}.ics`]);
    await patchTask(task.id, { completed: true });
    await pushNow();
    expect([...(await objects("home")).keys()]).toEqual([]);
  });

  it("refuses what is not the caller's, not writable or not a dated open task, in words", async () => {
    const noDeadline = await addTaskOverApi(ada, adaPersonal, "No date");
    expect(
      await errorOf(
        await ada.request("/api/calendar/events", { json: { taskId: noDeadline.id, calendarId: work } }),
        400,
      ),
    ).toMatchObject({ message: PUSH_MESSAGES.noDeadline });

    const bobTask = await addTaskOverApi(bob, await personalGroupId(bob), "Bob's secret", { deadline: "2026-12-01" });
    expect(
      await errorOf(await ada.request("/api/calendar/events", { json: { taskId: bobTask.id, calendarId: work } }), 404),
    ).toMatchObject({ message: PUSH_MESSAGES.taskNotFound });
    // Bob cannot write into Ada's calendar, nor choose it.
    expect(
      await errorOf(await bob.request("/api/calendar/events", { json: { taskId: bobTask.id, calendarId: work } }), 404),
    ).toMatchObject({ message: PUSH_MESSAGES.calendarNotFound });
    expect((await bob.request("/api/calendar/push", { method: "PUT", json: { calendarId: work } })).status).toBe(404);
    // Bob has no push calendar: an event without one is a 409 saying so.
    expect(
      await errorOf(await bob.request("/api/calendar/events", { json: { taskId: bobTask.id } }), 409),
    ).toMatchObject({ message: PUSH_MESSAGES.noCalendar });

    const subscription = await json<OutsideSource>(
      await ada.request("/api/calendar/sources", { json: { kind: "ics", url: icsUrl } }),
      201,
    );
    const holidays = subscription.calendars[0]!.id;
    expect(
      await errorOf(await ada.request("/api/calendar/push", { method: "PUT", json: { calendarId: holidays } }), 400),
    ).toMatchObject({ message: PUSH_MESSAGES.notWritable });

    for (const bad of ["", "x".repeat(101), "\u0000"]) {
      expect((await ada.request("/api/calendar/push", { method: "PUT", json: { calendarId: bad } })).status).toBe(400);
    }
    expect((await ada.request("/api/calendar/events", { json: {} })).status).toBe(400);
  });

  it("says in words when the calendar refuses the password, keeps what it knows, and recovers", async () => {
    await choose(work);
    const known = [...(await objects("work")).keys()].sort();
    const db = context.server.database.db;
    await db.updateTable("calendar_outside_sources").set({ password: "wrong" }).where("id", "=", source.id).execute();
    const task = await addTaskOverApi(ada, adaPersonal, "While refused", { deadline: "2026-12-20" });
    const failed = await pushNow();
    expect(failed).toMatchObject({ ok: false, error: FETCH_MESSAGES.unauthorized });
    const status = await json<ConnectionStatus>(await ada.request("/api/calendar/connection-status"));
    expect(status.push).toMatchObject({ ok: false, error: FETCH_MESSAGES.unauthorized, calendarId: work });
    expect([...(await objects("work")).keys()].sort()).toEqual(known);

    await db
      .updateTable("calendar_outside_sources")
      .set({ password: account.password })
      .where("id", "=", source.id)
      .execute();
    const recovered = await pushNow();
    expect(recovered).toMatchObject({ ok: true, error: null });
    expect([...(await objects("work")).keys()]).toContain(`${task.id}.ics`);
  });

  it("stops writing when a slow calendar server has used the push's time, and goes on at the next sweep", async () => {
    // A server that takes a while over each write, as a distant or overloaded one does.
    const slow = http.createServer((incoming, outgoing) => {
      const target = new URL(incoming.url ?? "/", radicale.baseUrl);
      const forward = () =>
        incoming.pipe(
          http.request(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          }),
        );
      if (incoming.method === "PUT") setTimeout(forward, 300);
      else forward();
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const slowAccount = await radicale.addUser(`slow-${dialect}`);
      await radicale.makeCalendar(slowAccount, "tasks", "Tasks", "#3366FFFF");
      const { client: cy } = await signUp(context.server.baseUrl, `Cy Slow ${dialect}`);
      const slowSource = await json<OutsideSource>(
        await cy.request("/api/calendar/sources", {
          json: {
            kind: "caldav",
            url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
            username: slowAccount.username,
            password: slowAccount.password,
          },
        }),
        201,
      );
      const cyPersonal = await personalGroupId(cy);
      for (let day = 1; day <= 6; day += 1)
        await addTaskOverApi(cy, cyPersonal, `Errand ${day}`, { deadline: `2026-12-0${day}` });
      await json(await cy.request("/api/calendar/push", { method: "PUT", json: { calendarId: null } }));
      await context.server.app.deps.database.db
        .updateTable("calendar_push")
        .set({ calendar_id: slowSource.calendars[0]!.id, fingerprint: null })
        .where("user_id", "=", (await json<{ id: string }>(await cy.request("/api/me"))).id)
        .execute();

      // One second of writing, at 0.3 s a write: the sweep moves on after four, the rest come next time.
      await pushDue(context.server.app.deps, new Date(Date.now() + 60_000), 1_000);
      expect((await radicale.objects(slowAccount, "tasks")).size).toBeLessThan(6);
      expect(await json<PushStatus>(await cy.request("/api/calendar/push"))).toMatchObject({ ok: true, error: null });
      // The next sweeps go on where it stopped. How many writes fit in a second depends on how
      // busy the machine is, so the sweeps are counted up to a bound, not assumed to be two.
      for (let sweep = 2; sweep <= 12 && (await radicale.objects(slowAccount, "tasks")).size < 6; sweep += 1) {
        await pushDue(context.server.app.deps, new Date(Date.now() + sweep * 60_000), 1_000);
      }
      expect((await radicale.objects(slowAccount, "tasks")).size).toBe(6);
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
  it("writes the other tasks when the calendar refuses one event, and names the refused one", async () => {
    // A server with rules of its own: it refuses one event, as a provider's filter might.
    const picky = http.createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const body = Buffer.concat(chunks);
        if (incoming.method === "PUT" && body.toString().includes("SUMMARY:Refuse me")) {
          outgoing.writeHead(415).end();
          return;
        }
        const target = new URL(incoming.url ?? "/", radicale.baseUrl);
        const forward = http.request(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        });
        forward.end(body);
      });
    });
    await new Promise<void>((resolve) => picky.listen(0, "127.0.0.1", resolve));
    try {
      const pickyAccount = await radicale.addUser(`picky-${dialect}`);
      await radicale.makeCalendar(pickyAccount, "tasks", "Tasks", "#3366FFFF");
      const { client: di } = await signUp(context.server.baseUrl, `Di Picky ${dialect}`);
      const source = await json<OutsideSource>(
        await di.request("/api/calendar/sources", {
          json: {
            kind: "caldav",
            url: `http://127.0.0.1:${(picky.address() as AddressInfo).port}`,
            username: pickyAccount.username,
            password: pickyAccount.password,
          },
        }),
        201,
      );
      const group = await personalGroupId(di);
      await addTaskOverApi(di, group, "Fine before", { deadline: "2026-12-01" });
      await addTaskOverApi(di, group, "Refuse me", { deadline: "2026-12-02" });
      await addTaskOverApi(di, group, "Fine after", { deadline: "2026-12-03" });
      const status = await json<PushStatus>(
        await di.request("/api/calendar/push", { method: "PUT", json: { calendarId: source.calendars[0]!.id } }),
      );
      expect(status).toMatchObject({ ok: false, events: 2 });
      expect(status.error).toContain('"Refuse me"');
      const stored = [...(await radicale.objects(pickyAccount, "tasks")).values()];
      expect(stored.filter((text) => text.includes("SUMMARY:Fine")).length).toBe(2);
    } finally {
      await new Promise((resolve) => picky.close(resolve));
    }
  });
  it("leaves a push under way elsewhere to finish: a request does not write the same user's events at once", async () => {
    await choose(work);
    const db = context.server.database.db;
    const adaId = (await json<{ id: string }>(await ada.request("/api/me"))).id;
    // Another process is pushing for Ada (its claim runs for a few minutes more).
    await db
      .updateTable("calendar_push")
      .set({ claimed_until: new Date(Date.now() + 120_000).toISOString() })
      .where("user_id", "=", adaId)
      .execute();
    const task = await addTaskOverApi(ada, adaPersonal, "While another pushes", { deadline: "2026-12-22" });
    await pushNow();
    expect([...(await objects("work")).keys()]).not.toContain(`${task.id}.ics`);
    // That push is done (or its process gone and its claim over): the next one writes.
    await db.updateTable("calendar_push").set({ claimed_until: null }).where("user_id", "=", adaId).execute();
    await pushNow();
    expect([...(await objects("work")).keys()]).toContain(`${task.id}.ics`);
  });
});
