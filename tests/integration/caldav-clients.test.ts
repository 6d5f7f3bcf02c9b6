import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/**
 * Real calendar clients from Debian's packages against the CalDAV server: python3-caldav (one
 * process per dialect, driven line by line: tests/integration/caldav-clients/python_caldav.py)
 * and vdirsyncer 0.19 syncing into a folder that todoman 4.1 reads and writes. Each step is
 * checked in the app's own API, and each change in the app is checked in the client.
 */

const run = promisify(execFile);
const clients = path.join(import.meta.dirname, "caldav-clients");
const PYTHON = "/usr/bin/python3";

interface Answer {
  ok: boolean;
  error?: string;
  [key: string]: unknown;
}

/** One python-caldav process: each command is a JSON line, each answer one too. */
class PythonClient {
  private readonly process: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = "";

  constructor(url: string, user: string, password: string) {
    this.process = spawn(PYTHON, [path.join(clients, "python_caldav.py"), url, user, password]);
    this.process.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.lines = createInterface({ input: this.process.stdout });
    this.lines.on("line", (line) => this.waiting.shift()?.(line));
  }

  async send<T extends Answer = Answer>(command: Record<string, unknown>): Promise<T> {
    const line = new Promise<string>((resolve) => this.waiting.push(resolve));
    this.process.stdin.write(`${JSON.stringify(command)}\n`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer to ${JSON.stringify(command).slice(0, 100)}: ${this.stderr}`)),
        15_000,
      );
    });
    const answer = JSON.parse(await Promise.race([line, late]).finally(() => clearTimeout(timer))) as T;
    expect(answer.ok, `${JSON.stringify(command).slice(0, 200)}: ${answer.error} ${this.stderr}`).toBe(true);
    return answer;
  }

  /** Ends the process and waits for it, so the server's shutdown finds no open connection of it. */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.stdin.end();
    await exited;
  }
}

const vtodo = (uid: string, summary: string, extra: string[] = []) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tandem tests//python-caldav//EN",
    "BEGIN:VTODO",
    `UID:${uid}`,
    "DTSTAMP:20261101T100000Z",
    `SUMMARY:${summary}`,
    ...extra,
    "END:VTODO",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

describeEachDialect("caldav with real clients", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let personal: string;
  let password: string;
  let python: PythonClient;
  let calendarName: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-vdirsyncer-"));

  async function tasks(): Promise<Task[]> {
    return ((await (await ada.request(`/api/groups/${personal}/tasks`)).json()) as { tasks: Task[] }).tasks;
  }
  const titled = async (title: string) => (await tasks()).find((task) => task.title === title);

  beforeAll(async () => {
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Clients"));
    personal = await personalGroupId(ada);
    const created = await ada.request("/api/tokens", { json: { name: "Clients", scope: "calendar" } });
    password = ((await created.json()) as { token: string }).token;
    // Through discovery: the client is given the well-known address and follows it to /dav/.
    python = new PythonClient(`${context.server.baseUrl}/.well-known/caldav`, "ada.clients@example.org", password);
  });

  afterAll(async () => {
    await python?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("python-caldav: discovers the group calendar, creates, edits, completes and deletes, seen in the app", async () => {
    const found = await python.send<Answer & { calendars: { name: string; url: string; components: string[] }[] }>({
      do: "discover",
    });
    expect(found.calendars).toHaveLength(1);
    expect(found.calendars[0]!.components).toEqual(["VTODO"]);
    expect(found.calendars[0]!.url).toContain(`/dav/calendars/${personal}/`);
    calendarName = found.calendars[0]!.name;

    // UIDs become the names python-caldav picks: one with "@", one a UUID, one that needs percent-encoding.
    const uids = ["shop@example.org", "2c9d6f3e-0b8a-4a51-9e3c-7d1f2a4b5c6d", "100% done?"];
    for (const [index, uid] of uids.entries()) {
      await python.send({
        do: "create",
        calendar: calendarName,
        ical: vtodo(uid, `Client task ${index}`, index === 0 ? ["X-CLIENT-SECRET:keep me", "PRIORITY:1"] : []),
      });
    }
    expect((await titled("Client task 0"))?.priority).toBe("high");
    expect(await titled("Client task 1")).toBeDefined();
    expect(await titled("Client task 2")).toBeDefined();

    await python.send({ do: "edit", calendar: calendarName, uid: uids[1], summary: "Edited by the client" });
    await python.send({ do: "complete", calendar: calendarName, uid: uids[0] });
    await python.send({ do: "delete", calendar: calendarName, uid: uids[2] });
    const after = await tasks();
    expect(after.find((task) => task.title === "Edited by the client")).toBeDefined();
    expect(after.find((task) => task.title === "Client task 0")?.completed).toBe(true);
    expect(after.find((task) => task.title === "Client task 2")).toBeUndefined();

    const listed = await python.send<Answer & { todos: { summary: string; status: string; data: string }[] }>({
      do: "todos",
      calendar: calendarName,
    });
    const first = listed.todos.find((todo) => todo.summary === "Client task 0")!;
    expect(first.status).toBe("COMPLETED");
    // What the app has no field for comes back as sent.
    expect(first.data).toContain("X-CLIENT-SECRET:keep me");
  });

  it("python-caldav: syncs by token, sees the app's changes and deletions only, and a stale write is refused", async () => {
    const initial = await python.send<Answer & { token: string; changed: string[] }>({
      do: "sync",
      calendar: calendarName,
    });
    expect(initial.changed).toEqual(expect.arrayContaining(["Client task 0", "Edited by the client"]));
    const added = await addTaskOverApi(ada, personal, "Made in the app", { notes: "From the web" });
    const edited = (await titled("Edited by the client"))!;
    await ada.request(`/api/tasks/${edited.id}`, { method: "PATCH", json: { title: "Renamed in the app" } });
    const doomed = (await titled("Client task 0"))!;
    expect((await ada.request(`/api/tasks/${doomed.id}`, { method: "DELETE" })).status).toBe(204);
    const next = await python.send<Answer & { token: string; changed: string[]; deleted: string[] }>({
      do: "sync",
      calendar: calendarName,
    });
    expect(next.token).not.toBe(initial.token);
    expect(next.changed).toEqual(["Made in the app", "Renamed in the app"]);
    expect(next.deleted).toHaveLength(1);
    expect(decodeURIComponent(next.deleted[0]!)).toContain("shop@example.org");

    // Two writers: the client read the task, the app changed it, the client's write with its old ETag fails.
    const url = `${context.server.baseUrl}/dav/calendars/${personal}/${added.id}.ics`;
    const read = await python.send<Answer & { etag: string; data: string }>({ do: "get", url });
    await ada.request(`/api/tasks/${added.id}`, { method: "PATCH", json: { notes: "Changed meanwhile" } });
    const stale = await python.send<Answer & { status: number }>({
      do: "put-if-match",
      url,
      etag: read.etag,
      ical: read.data.replace("SUMMARY:Made in the app", "SUMMARY:Client wins?"),
    });
    expect(stale.status).toBe(412);
    expect(await titled("Made in the app")).toMatchObject({ notes: "Changed meanwhile" });
    const fresh = await python.send<Answer & { etag: string; data: string }>({ do: "get", url });
    const retried = await python.send<Answer & { status: number }>({
      do: "put-if-match",
      url,
      etag: fresh.etag,
      ical: fresh.data.replace("SUMMARY:Made in the app", "SUMMARY:Client retried"),
    });
    expect(retried.status).toBe(204);
    expect(await titled("Client retried")).toMatchObject({ notes: "Changed meanwhile" });
  });

  it("vdirsyncer and todoman: two-way sync of a task list through a folder", async () => {
    const home = path.join(folder, "home");
    const tasksDir = path.join(folder, "tasks");
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(
      path.join(folder, "vdirsyncer.conf"),
      [
        "[general]",
        `status_path = "${path.join(folder, "status")}"`,
        "[pair tandem]",
        'a = "local"',
        'b = "server"',
        'collections = ["from b"]',
        'conflict_resolution = "b wins"',
        "[storage local]",
        'type = "filesystem"',
        `path = "${tasksDir}"`,
        'fileext = ".ics"',
        "[storage server]",
        'type = "caldav"',
        `url = "${context.server.baseUrl}/"`,
        'username = "ada.clients@example.org"',
        `password = "${password}"`,
        "",
      ].join("\n"),
    );
    fs.writeFileSync(
      path.join(folder, "todoman.py"),
      [`path = "${tasksDir}/*"`, 'date_format = "%Y-%m-%d"', 'time_format = "%H:%M"', ""].join("\n"),
    );
    const env = { ...process.env, HOME: home, VDIRSYNCER_CONFIG: path.join(folder, "vdirsyncer.conf") };
    const vdirsyncer = async (...args: string[]) => {
      const { stdout, stderr } = await run("vdirsyncer", args, { env, timeout: 30_000 }).catch((error: unknown) => {
        throw new Error(`vdirsyncer ${args.join(" ")}: ${String((error as { stderr?: string }).stderr ?? error)}`);
      });
      return stdout + stderr;
    };
    const todoman = async (...args: string[]) =>
      (await run("todoman", ["--config", path.join(folder, "todoman.py"), ...args], { env, timeout: 30_000 })).stdout;
    const listed = async () =>
      JSON.parse(await todoman("--porcelain", "list", "--status", "ANY")) as {
        id: number;
        summary: string;
        completed: boolean;
      }[];

    // Each run of a Python tool costs most of a second: steps share a run where they can, and
    // what the folder holds is read from its files.
    const files = () =>
      fs
        .readdirSync(path.join(tasksDir, personal))
        .filter((file) => file.endsWith(".ics"))
        .map((file) => fs.readFileSync(path.join(tasksDir, personal, file), "utf8"))
        .join("\n");
    const discovered = await run("sh", ["-c", "yes | vdirsyncer discover && vdirsyncer sync"], {
      env,
      timeout: 30_000,
    });
    expect(discovered.stderr).not.toMatch(/error/i);
    expect(files()).toContain("SUMMARY:Client retried");

    // todoman makes a task and completes one; vdirsyncer takes both to the server.
    const retried = (await listed()).find((task) => task.summary === "Client retried")!;
    await run(
      "sh",
      [
        "-c",
        `todoman --config "$0" new -l "$1" "Written in todoman" && todoman --config "$0" done "$2"`,
        path.join(folder, "todoman.py"),
        personal,
        String(retried.id),
      ],
      { env, timeout: 30_000 },
    );
    await vdirsyncer("sync");
    expect(await titled("Written in todoman")).toBeDefined();
    expect((await titled("Client retried"))?.completed).toBe(true);

    // The app renames todoman's task: the next sync brings it.
    const mine = (await titled("Written in todoman"))!;
    await ada.request(`/api/tasks/${mine.id}`, { method: "PATCH", json: { title: "Renamed for todoman" } });
    await vdirsyncer("sync");
    const local = (await listed()).find((task) => task.summary === "Renamed for todoman");
    expect(local).toBeDefined();

    // todoman deletes it; the app loses it.
    await todoman("delete", "--yes", String(local!.id));
    await vdirsyncer("sync");
    expect(await titled("Renamed for todoman")).toBeUndefined();
    expect(files()).not.toContain("Renamed for todoman");
    // Nine runs of Python tools, each starting an interpreter: on a busy two-core machine that alone
    // can pass the default 30 s.
  }, 120_000);
});
