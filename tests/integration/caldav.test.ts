import { beforeAll, expect, it } from "vitest";
import type { Task } from "../../domain/tasks.js";
import { openSqliteConnection } from "../../server/db/sqlite-connection.js";
import { parseXml } from "../../server/modules/calendar-sync/dav/xml.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/**
 * The CalDAV server over raw HTTP, as a calendar app speaks it (docs/calendar.md, "CalDAV"):
 * discovery, app passwords, ETags and preconditions, sync tokens with tombstones, names of any
 * form, unknown properties kept, and what nobody else may see. The real clients (python-caldav,
 * vdirsyncer with todoman) are in caldav-clients.test.ts.
 */
describeEachDialect("caldav over http", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let bob: HttpClient;
  let bobId: string;
  let adaPassword: string;
  let bobPassword: string;
  let personal: string;
  let family: string;

  const base = () => context.server.baseUrl;
  const basic = (password: string, user = "someone@example.org") =>
    `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

  async function appPassword(client: HttpClient, scope = "calendar"): Promise<string> {
    const response = await client.request("/api/tokens", { json: { name: "Phone", scope } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { token: string }).token;
  }

  const dav = (path: string, init: RequestInit & { password?: string; depth?: string } = {}) => {
    const { password = adaPassword, depth, ...rest } = init;
    return fetch(`${base()}${path}`, {
      redirect: "manual",
      ...rest,
      headers: {
        authorization: basic(password),
        ...(depth !== undefined && { depth }),
        ...(typeof rest.body === "string" && rest.body.startsWith("<") && { "content-type": "application/xml" }),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
  };

  const todo = (uid: string, summary: string, extra = "") =>
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "BEGIN:VTODO",
      `UID:${uid}`,
      "DTSTAMP:20261101T100000Z",
      `SUMMARY:${summary}`,
      ...(extra ? extra.split("\n") : []),
      "END:VTODO",
      "END:VCALENDAR",
      "",
    ].join("\r\n");

  const putTodo = (path: string, body: string, headers: Record<string, string> = {}, password?: string) =>
    dav(path, {
      method: "PUT",
      body,
      headers: { "content-type": "text/calendar; charset=utf-8", ...headers },
      ...(password && { password }),
    });

  async function tasksOf(client: HttpClient, groupId: string): Promise<Task[]> {
    return ((await (await client.request(`/api/groups/${groupId}/tasks`)).json()) as { tasks: Task[] }).tasks;
  }

  const syncReport = (token: string) =>
    `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Dav"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Dav"));
    personal = await personalGroupId(ada);
    family = await createSharedGroup(context.server.database.db, {
      ownerId: adaId,
      memberIds: [bobId],
      name: "Family",
    });
    adaPassword = await appPassword(ada);
    bobPassword = await appPassword(bob);
  });

  it("redirects /.well-known/caldav to /dav/ before any sign-in, and asks for Basic credentials there", async () => {
    for (const method of ["GET", "PROPFIND"]) {
      const response = await fetch(`${base()}/.well-known/caldav`, { method, redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/dav/");
    }
    const anonymous = await fetch(`${base()}/dav/`, { method: "PROPFIND" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Basic realm="Tandem CalDAV"/);
    const wrong = await dav("/dav/", { method: "PROPFIND", password: "tdm_wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
  });

  it("keeps a calendar app password to /dav, and a browser session out of /dav", async () => {
    const onApi = await fetch(`${base()}/api/me`, { headers: { authorization: `Bearer ${adaPassword}` } });
    expect(onApi.status).toBe(401);
    const full = await appPassword(ada, "all");
    expect((await fetch(`${base()}/api/me`, { headers: { authorization: `Bearer ${full}` } })).status).toBe(200);
    expect((await dav("/dav/", { method: "PROPFIND", password: full, depth: "0" })).status).toBe(207);
    const session = await ada.request("/dav/calendars/", { method: "PROPFIND" });
    expect(session.status).toBe(403);
    const listed = (await (await ada.request("/api/tokens")).json()) as { scope: string }[];
    expect(listed.map((token) => token.scope).sort()).toEqual(["all", "calendar"]);
  });

  it("answers OPTIONS with the DAV classes and discovery with the principal and one VTODO calendar per group", async () => {
    const options = await dav("/dav/", { method: "OPTIONS" });
    expect(options.headers.get("dav")).toBe("1, 3, calendar-access");
    expect(options.headers.get("allow")).toContain("REPORT");
    const root = await (
      await dav("/dav/", {
        method: "PROPFIND",
        depth: "0",
        body: '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
      })
    ).text();
    expect(root).toContain(`<d:current-user-principal><d:href>/dav/principals/${adaId}/</d:href>`);
    const principal = await (
      await dav(`/dav/principals/${adaId}/`, {
        method: "PROPFIND",
        depth: "0",
        body: '<propfind xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><prop><C:calendar-home-set/><principal-URL/><x:unknown xmlns:x="urn:x"/></prop></propfind>',
      })
    ).text();
    expect(principal).toContain("<c:calendar-home-set><d:href>/dav/calendars/</d:href>");
    expect(principal).toMatch(/<x:unknown xmlns:x="urn:x"\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
    const home = await (await dav("/dav/calendars/", { method: "PROPFIND", depth: "1" })).text();
    expect(home).toContain(`<d:href>/dav/calendars/${personal}/</d:href>`);
    expect(home).toContain(`<d:href>/dav/calendars/${family}/</d:href>`);
    expect(home).toContain("<d:displayname>Family</d:displayname>");
    expect(home).toContain('<c:comp name="VTODO"/>');
    expect(home).toMatch(/<cs:getctag>/);
    expect(home).toMatch(/<d:sync-token>http:\/\/tandem\/sync\//);
    expect(home).toContain("<d:collection/><c:calendar/>");
  });

  it("creates tasks at names of any form and keeps what the app sent", async () => {
    const names = ["3f1c9a2e-8d4b-4c5e-9f0a-1b2c3d4e5f60.ics", "a@b.example.ics", "with space%2Band%25.ics"];
    for (const [index, name] of names.entries()) {
      const encoded = name.replace(/ /g, "%20").replace(/@/g, "%40");
      const response = await putTodo(
        `/dav/calendars/${personal}/${encoded}`,
        todo(
          `uid-${index}`,
          `Named ${index}`,
          `X-APP-THING;X-P=1:kept ${index}\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Hey\nTRIGGER:-PT5M\nEND:VALARM`,
        ),
        { "if-none-match": "*" },
      );
      expect(response.status, await response.clone().text()).toBe(201);
      expect(response.headers.get("etag")).toMatch(/^".+"$/);
      const read = await dav(`/dav/calendars/${personal}/${encoded}`);
      expect(read.status).toBe(200);
      const text = await read.text();
      expect(text).toContain(`SUMMARY:Named ${index}`);
      expect(text).toContain(`X-APP-THING;X-P=1:kept ${index}`);
      expect(text).toContain("BEGIN:VALARM");
      expect(read.headers.get("etag")).toBe(response.headers.get("etag"));
    }
    const titles = (await tasksOf(ada, personal)).map((task) => task.title);
    expect(titles).toEqual(expect.arrayContaining(["Named 0", "Named 1", "Named 2"]));
    const listing = await (await dav(`/dav/calendars/${personal}/`, { method: "PROPFIND", depth: "1" })).text();
    expect(listing).toContain(`/dav/calendars/${personal}/a@b.example.ics`);
    expect(listing).toContain(`/dav/calendars/${personal}/with%20space+and%25.ics`);
    // The same name again with If-None-Match: * is refused, and so is a UID already used.
    expect(
      (await putTodo(`/dav/calendars/${personal}/a%40b.example.ics`, todo("uid-1", "Again"), { "if-none-match": "*" }))
        .status,
    ).toBe(412);
    expect((await putTodo(`/dav/calendars/${personal}/other.ics`, todo("uid-1", "Same UID"))).status).toBe(403);
  });

  it("maps fields both ways: due dates and times, priority, status, notes, repeat", async () => {
    const path = `/dav/calendars/${personal}/fields.ics`;
    const body = todo(
      "fields-1",
      "Fields",
      "DESCRIPTION:Some notes\nPRIORITY:2\nDUE;TZID=Europe/Berlin:20261224T183000\nRRULE:FREQ=WEEKLY;BYDAY=MO",
    );
    expect((await putTodo(path, body)).status).toBe(201);
    const task = (await tasksOf(ada, personal)).find((candidate) => candidate.title === "Fields")!;
    expect(task).toMatchObject({ notes: "Some notes", priority: "high", repeat: { rule: "FREQ=WEEKLY;BYDAY=MO" } });
    // The owner's zone is UTC here: 18:30 in Berlin is 17:30 UTC in December.
    expect(task.deadline).toBe("2026-12-24T17:30");
    await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { deadline: "2026-12-25", priority: "low" } });
    const text = await (await dav(path)).text();
    expect(text).toContain("DUE;VALUE=DATE:20261225");
    expect(text).toContain("PRIORITY:9");
    const response = await dav(path);
    const etag = response.headers.get("etag")!;
    const done = await putTodo(
      path,
      todo("fields-1", "Fields", "STATUS:COMPLETED\nCOMPLETED:20261201T100000Z\nDUE;VALUE=DATE:20261225"),
      { "if-match": etag },
    );
    expect(done.status).toBe(204);
    const after = (await tasksOf(ada, personal)).find((candidate) => candidate.id === task.id)!;
    expect(after.completed).toBe(true);
    expect(await (await dav(path)).text()).toContain("STATUS:COMPLETED");
  });

  it("refuses a stale If-Match with 412 and loses nothing; the retry with the new ETag succeeds", async () => {
    const path = `/dav/calendars/${family}/conflict.ics`;
    const created = await putTodo(path, todo("conflict-1", "Original"));
    const etag = created.headers.get("etag")!;
    const task = (await tasksOf(ada, family)).find((candidate) => candidate.title === "Original")!;
    // Bob edits it in the app meanwhile.
    expect(
      (await bob.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { notes: "Bob's notes" } })).status,
    ).toBe(200);
    const stale = await putTodo(path, todo("conflict-1", "Ada's title"), { "if-match": etag });
    expect(stale.status).toBe(412);
    expect((await tasksOf(ada, family)).find((candidate) => candidate.id === task.id)).toMatchObject({
      title: "Original",
      notes: "Bob's notes",
    });
    const fresh = await dav(path);
    const text = await fresh.text();
    expect(text).toContain("DESCRIPTION:Bob's notes");
    const retry = await putTodo(path, text.replace("SUMMARY:Original", "SUMMARY:Ada's title"), {
      "if-match": fresh.headers.get("etag")!,
    });
    expect(retry.status).toBe(204);
    expect((await tasksOf(bob, family)).find((candidate) => candidate.id === task.id)).toMatchObject({
      title: "Ada's title",
      notes: "Bob's notes",
    });
    expect((await dav(path, { method: "DELETE", headers: { "if-match": etag } })).status).toBe(412);
    // Two apps write with the same ETag at once: one wins, the other is told to read again.
    const now = (await dav(path)).headers.get("etag")!;
    const racing = await Promise.all(
      ["First", "Second"].map((title) => putTodo(path, todo("conflict-1", title), { "if-match": now })),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([204, 412]);
  });

  it("syncs by token: only changes since, deletions as 404, a foreign token refused", async () => {
    const first = await (await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport("") })).text();
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first)![1]!;
    const quiet = await (await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(token) })).text();
    expect(quiet).not.toContain("<d:response>");
    const added = await addTaskOverApi(bob, family, "From the app");
    await putTodo(`/dav/calendars/${family}/gone.ics`, todo("gone-1", "To delete"));
    const changed = await (
      await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(token) })
    ).text();
    expect(changed).toContain(`/dav/calendars/${family}/${added.id}.ics`);
    expect(changed).toContain(`/dav/calendars/${family}/gone.ics`);
    expect(changed).not.toContain("conflict.ics");
    const token2 = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(changed)![1]!;
    expect((await dav(`/dav/calendars/${family}/gone.ics`, { method: "DELETE" })).status).toBe(204);
    const deleted = await (
      await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(token2) })
    ).text();
    expect(deleted).toMatch(new RegExp(`gone\\.ics</d:href><d:status>HTTP/1.1 404 Not Found`));
    // More changes than the client's DAV:limit: refused with the precondition RFC 6578 names.
    const limited = await dav(`/dav/calendars/${family}/`, {
      method: "REPORT",
      body: syncReport(token).replace(
        "</d:sync-collection>",
        "<d:limit><d:nresults>1</d:nresults></d:limit></d:sync-collection>",
      ),
    });
    expect(limited.status).toBe(507);
    expect(await limited.text()).toContain("<d:number-of-matches-within-limits/>");
    for (const bad of ["http://tandem/sync/other/1", "nonsense", token.replace(/\d+$/, "999999999")]) {
      const refused = await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(bad) });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("<d:valid-sync-token/>");
    }
  });

  it("shows a task shared into another group there, and as removed there once unshared", async () => {
    const task = await addTaskOverApi(ada, personal, "Travels");
    const first = await (await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport("") })).text();
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first)![1]!;
    expect(
      (await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT", json: {} })).status,
    ).toBeLessThan(300);
    const shared = await (await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(token) })).text();
    expect(shared).toMatch(new RegExp(`${task.id}\\.ics</d:href><d:propstat>`));
    const token2 = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(shared)![1]!;
    expect((await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    const unshared = await (
      await dav(`/dav/calendars/${family}/`, { method: "REPORT", body: syncReport(token2) })
    ).text();
    expect(unshared).toMatch(new RegExp(`${task.id}\\.ics</d:href><d:status>HTTP/1.1 404`));
  });

  it("answers 404 for another user's calendars and tasks, and for a group one has left", async () => {
    const other = await signUp(context.server.baseUrl, "Eve Dav");
    const evePersonal = await personalGroupId(other.client);
    const secret = await addTaskOverApi(other.client, evePersonal, "Secret");
    expect((await dav(`/dav/calendars/${evePersonal}/`, { method: "PROPFIND", depth: "0" })).status).toBe(404);
    expect((await dav(`/dav/calendars/${evePersonal}/${secret.id}.ics`)).status).toBe(404);
    expect((await dav(`/dav/calendars/${personal}/${secret.id}.ics`)).status).toBe(404);
    expect((await putTodo(`/dav/calendars/${evePersonal}/x.ics`, todo("x", "Intruder"))).status).toBe(404);
    expect((await dav(`/dav/principals/${bobId}/`, { method: "PROPFIND", depth: "0" })).status).toBe(404);
    const bobHome = await (
      await dav("/dav/calendars/", { method: "PROPFIND", depth: "1", password: bobPassword })
    ).text();
    expect(bobHome).toContain(`/dav/calendars/${family}/`);
  });

  it("refuses XML with entities, broken calendars, huge bodies and odd names without failing", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&b;</d:displayname></d:prop></d:propfind>`;
    expect((await dav("/dav/", { method: "PROPFIND", body: bomb })).status).toBe(400);
    const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop>&x;</d:prop></d:propfind>`;
    expect((await dav("/dav/", { method: "PROPFIND", body: external })).status).toBe(400);
    expect((await dav("/dav/", { method: "PROPFIND", body: "<d:propfind xmlns:d=" })).status).toBe(400);
    expect((await putTodo(`/dav/calendars/${personal}/bad.ics`, "not a calendar")).status).toBe(403);
    const event = todo("ev", "Event").replace(/VTODO/g, "VEVENT");
    expect((await putTodo(`/dav/calendars/${personal}/event.ics`, event)).status).toBe(403);
    expect(
      (await putTodo(`/dav/calendars/${personal}/far.ics`, todo("far", "Far", "DUE;VALUE=DATE:99991231"))).status,
    ).toBe(403);
    const huge = todo("huge", "Huge", `DESCRIPTION:${"x".repeat(2_000_000)}`);
    expect((await putTodo(`/dav/calendars/${personal}/huge.ics`, huge)).status).toBe(413);
    expect((await dav(`/dav/calendars/${personal}/a%00b.ics`)).status).toBe(404);
    expect((await putTodo(`/dav/calendars/${personal}/a%0Ab.ics`, todo("ctl", "Ctl"))).status).toBe(400);
    expect((await putTodo(`/dav/calendars/${personal}/ctl.ics`, todo("ctl", "Bad\u0001title"))).status).toBeLessThan(
      500,
    );
    const mk = await dav("/dav/calendars/new/", { method: "MKCALENDAR" });
    expect(mk.status).toBe(403);
    const patch = await dav(`/dav/calendars/${personal}/`, {
      method: "PROPPATCH",
      body: '<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>New</d:displayname></d:prop></d:set></d:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    expect(await patch.text()).toContain("HTTP/1.1 403 Forbidden");
  });

  it("answers a DUE that is no date with valid-calendar-data, not a server error, and makes no task", async () => {
    const before = (await tasksOf(ada, personal)).length;
    for (const [name, due] of [
      ["word", "DUE:tomorrow"],
      ["year-only", "DUE;VALUE=DATE:2026"],
      // ical.js rolls these over to 2 March, 1 January 2027 and the next day's 02:00.
      ["feb-30", "DUE;VALUE=DATE:20260230"],
      ["month-13", "DUE:20261301T090000Z"],
      ["hour-25", "DUE:20261224T250000"],
    ] as const) {
      const response = await putTodo(`/dav/calendars/${personal}/${name}.ics`, todo(name, "Odd due", due));
      expect(response.status, due).toBe(403);
      expect(await response.text()).toContain("valid-calendar-data");
    }
    expect(await tasksOf(ada, personal)).toHaveLength(before);
  });

  it("refuses a task with an unreadable value anywhere in it, and its calendar stays readable for everyone", async () => {
    for (const [name, extra] of [
      ["bad-start", "DUE;VALUE=DATE:20261224\nDTSTART:garbage"],
      ["bad-created", "CREATED:garbage"],
    ] as const) {
      const response = await putTodo(`/dav/calendars/${family}/${name}.ics`, todo(name, "Unreadable", extra));
      expect(response.status, extra).toBe(403);
      expect(await response.text()).toContain("valid-calendar-data");
    }
    const listing = await dav(`/dav/calendars/${family}/`, { method: "PROPFIND", depth: "1", password: bobPassword });
    expect(listing.status).toBe(207);
    const query = await dav(`/dav/calendars/${family}/`, {
      method: "REPORT",
      depth: "1",
      password: bobPassword,
      body: '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="20260101T000000Z" end="20280101T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>',
    });
    expect(query.status).toBe(207);
  });

  it("answers a property asked for without a namespace in XML a client can read", async () => {
    const response = await dav(`/dav/calendars/${personal}/`, {
      method: "PROPFIND",
      depth: "0",
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><plain/></d:prop></d:propfind>',
    });
    expect(response.status).toBe(207);
    const text = await response.text();
    expect(() => parseXml(text)).not.toThrow();
    expect(text).toMatch(/<d:prop><plain xmlns=""\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
  });

  it("refuses at once a task with a line of more parameters than any calendar needs", async () => {
    // ical.js reads one line's parameters in quadratic time: these took it seconds of the server's thread.
    const slow = todo("slow", "Slow", `X-SLOW${";P=1".repeat(200_000)}:v`);
    const started = Date.now();
    const response = await putTodo(`/dav/calendars/${personal}/slow.ics`, slow);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("valid-calendar-data");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("serves subtasks as child VTODOs both ways, deletions included", async () => {
    const task = await addTaskOverApi(ada, personal, "Parent", { subtasks: [{ title: "Step one" }] });
    const first = await (await dav(`/dav/calendars/${personal}/`, { method: "REPORT", body: syncReport("") })).text();
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first)![1]!;
    const stepPath = `/dav/calendars/${personal}/${task.id}.${task.subtasks[0]!.id}.ics`;
    const step = await dav(stepPath);
    const stepText = await step.text();
    expect(stepText).toContain("SUMMARY:Step one");
    expect(stepText).toContain(`RELATED-TO;RELTYPE=PARENT:${task.id}@tandem-task`);
    // The client completes the step and adds one of its own under the task.
    const done = await putTodo(stepPath, stepText.replace("STATUS:NEEDS-ACTION", "STATUS:COMPLETED"), {
      "if-match": step.headers.get("etag")!,
    });
    expect(done.status).toBe(204);
    const added = await putTodo(
      `/dav/calendars/${personal}/child@client.ics`,
      todo("child@client", "Step two", `RELATED-TO:${task.id}@tandem-task`),
    );
    expect(added.status).toBe(201);
    let parent = (await tasksOf(ada, personal)).find((candidate) => candidate.id === task.id)!;
    expect(parent.subtasks.map((subtask) => [subtask.title, subtask.completed])).toEqual([
      ["Step one", true],
      ["Step two", false],
    ]);
    expect((await tasksOf(ada, personal)).some((candidate) => candidate.title === "Step two")).toBe(false);
    // Deleted over CalDAV and in the app: both show as deletions in the next sync.
    expect((await dav(`/dav/calendars/${personal}/child@client.ics`, { method: "DELETE" })).status).toBe(204);
    const stepId = parent.subtasks[0]!.id;
    expect((await ada.request(`/api/tasks/${task.id}/subtasks/${stepId}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    parent = (await tasksOf(ada, personal)).find((candidate) => candidate.id === task.id)!;
    expect(parent.subtasks).toEqual([]);
    const later = await (
      await dav(`/dav/calendars/${personal}/`, { method: "REPORT", body: syncReport(token) })
    ).text();
    expect(later).toMatch(/child@client\.ics<\/d:href><d:status>HTTP\/1.1 404/);
    expect(later).toMatch(new RegExp(`${task.id}\\.${stepId}\\.ics</d:href><d:status>HTTP/1.1 404`));
    expect(later).toMatch(new RegExp(`${task.id}\\.ics</d:href><d:propstat>`));
  });

  it("stops showing a group's calendar to a member removed from it", async () => {
    const carl = await signUp(context.server.baseUrl, "Carl Dav");
    const club = await createSharedGroup(context.server.database.db, {
      ownerId: adaId,
      memberIds: [carl.id],
      name: "Club",
    });
    const carlPassword = await appPassword(carl.client);
    const path = `/dav/calendars/${club}/`;
    expect((await dav(path, { method: "PROPFIND", depth: "0", password: carlPassword })).status).toBe(207);
    expect((await ada.request(`/api/groups/${club}/members/${carl.id}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    expect((await dav(path, { method: "PROPFIND", depth: "0", password: carlPassword })).status).toBe(404);
    expect((await putTodo(`${path}late.ics`, todo("late", "Too late"), {}, carlPassword)).status).toBe(404);
    const home = await (
      await dav("/dav/calendars/", { method: "PROPFIND", depth: "1", password: carlPassword })
    ).text();
    expect(home).not.toContain(club);
  });

  // One test per database: a skipped test counts as a failure in CI.
  if (dialect === "postgres")
    it("answers 503 while PostgreSQL is down, never a crash, and works again after", async () => {
      const name = context.database.name;
      try {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
        for (const call of [
          () => dav(`/dav/calendars/${personal}/`, { method: "PROPFIND", depth: "1" }),
          () => putTodo(`/dav/calendars/${personal}/outage.ics`, todo("outage", "During the outage")),
        ]) {
          const response = await call();
          expect(response.status).toBe(503);
          expect(response.headers.get("retry-after")).toBe("5");
        }
      } finally {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      await expect
        .poll(async () => (await dav(`/dav/calendars/${personal}/`, { method: "PROPFIND", depth: "0" })).status)
        .toBe(207);
      expect((await putTodo(`/dav/calendars/${personal}/outage.ics`, todo("outage", "After the outage"))).status).toBe(
        201,
      );
    });

  if (dialect === "sqlite")
    it("answers 503 to a PUT while another process holds SQLite's write lock, and takes it after", async () => {
      if (context.database.config.kind !== "sqlite") throw new Error("a SQLite database was expected");
      const holder = openSqliteConnection(context.database.config.file);
      try {
        holder.exec("begin immediate");
        const response = await putTodo(`/dav/calendars/${personal}/locked.ics`, todo("locked", "During the lock"));
        expect(response.status).toBe(503);
        expect((await dav(`/dav/calendars/${personal}/`, { method: "PROPFIND", depth: "0" })).status).toBe(207);
      } finally {
        holder.exec("rollback");
        holder.close();
      }
      expect((await putTodo(`/dav/calendars/${personal}/locked.ics`, todo("locked", "After the lock"))).status).toBe(
        201,
      );
    });

  it("answers MODULE_DISABLED while calendar sync is switched off, and 403 where the group switched it off", async () => {
    expect((await bob.request("/api/modules/calendar-sync", { method: "PUT", json: { enabled: false } })).status).toBe(
      200,
    );
    const off = await dav("/dav/calendars/", { method: "PROPFIND", password: bobPassword });
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: { code: string } }).error.code).toBe("MODULE_DISABLED");
    expect((await bob.request("/api/modules/calendar-sync", { method: "PUT", json: { enabled: true } })).status).toBe(
      200,
    );
    // The group's owner switches it off for the family: the calendar leaves Bob's home and answers 403.
    const groupSwitch = `/api/groups/${family}/modules/calendar-sync`;
    expect((await ada.request(groupSwitch, { method: "PUT", json: { enabled: false } })).status).toBe(200);
    const home = await (await dav("/dav/calendars/", { method: "PROPFIND", depth: "1", password: bobPassword })).text();
    expect(home).not.toContain(`/dav/calendars/${family}/`);
    expect(
      (await dav(`/dav/calendars/${family}/`, { method: "PROPFIND", depth: "0", password: bobPassword })).status,
    ).toBe(403);
    expect((await ada.request(groupSwitch, { method: "PUT", json: { enabled: true } })).status).toBe(200);
    expect(
      (await dav(`/dav/calendars/${family}/`, { method: "PROPFIND", depth: "0", password: bobPassword })).status,
    ).toBe(207);
  });
});
