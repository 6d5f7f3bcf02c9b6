import { afterAll, beforeAll, expect, it } from "vitest";
import type { Backup } from "../../domain/backup.js";
import type { Category } from "../../domain/categories.js";
import type { Group, Invitation } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("backup and restore", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  const db = () => context.server.database.db;
  let ada: HttpClient;
  let grace: HttpClient;
  let adaId: string;
  let personal: string;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const adaTaskCount = async () =>
    Number(
      (
        await db()
          .selectFrom("tasks")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("owner_id", "=", adaId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUpConfirmed(context.server, "Ada"));
    grace = (await signUpConfirmed(context.server, "Grace")).client;
    personal = (await json<Group[]>(await ada.request("/api/groups")))[0]!.id;
    family = (
      await json<Group>(
        await ada.request("/api/groups", { json: { name: "Family", type: "family", categories: ["Chores"] } }),
        201,
      )
    ).id;
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${family}/invitations`, { json: { email: "grace@example.org" } }),
      201,
    );
    await json(await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
    await json(
      await ada.request("/api/tasks", {
        json: {
          groupId: personal,
          title: "Dentist",
          deadline: "2026-12-01T09:30",
          subtasks: [{ title: "Insurance card" }],
        },
      }),
      201,
    );
    await json(
      await ada.request("/api/tasks", {
        json: { groupId: family, title: "Vacuum", category: "chores", priority: "high" },
      }),
      201,
    );
    await json(await grace.request("/api/tasks", { json: { groupId: family, title: "Grace's own" } }), 201);
  });

  let backup: Backup;

  it("backs up the tasks the user owns, as a versioned file to download", async () => {
    const response = await ada.request("/api/backup");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tandem-tasks-\d{4}-\d\d-\d\d\.json"$/,
    );
    backup = await json<Backup>(response);
    expect(backup).toMatchObject({ format: "tandem-backup", version: 1, scope: "user" });
    expect(backup.tasks.map((task) => task.title).sort()).toEqual(["Dentist", "Vacuum"]);
    expect(backup.tasks.find((task) => task.title === "Dentist")!.subtasks.map((subtask) => subtask.title)).toEqual([
      "Insurance card",
    ]);
  });

  it("merges: restores what is missing with its ids, and a second restore adds nothing", async () => {
    const dentist = backup.tasks.find((task) => task.title === "Dentist")!;
    expect((await ada.request(`/api/tasks/${dentist.id}`, { method: "DELETE" })).status).toBe(204);
    const first = await json(await ada.request("/api/backup/restore", { json: { backup, mode: "merge" } }));
    expect(first).toEqual({ restored: 1, skipped: 1, deleted: 0 });
    const back = await json<Task>(await ada.request(`/api/tasks/${dentist.id}`));
    expect(back).toMatchObject({ title: "Dentist", deadline: "2026-12-01T09:30", subtasksTotal: 1 });
    expect(await json(await ada.request("/api/backup/restore", { json: { backup, mode: "merge" } }))).toEqual({
      restored: 0,
      skipped: 2,
      deleted: 0,
    });
    expect(await adaTaskCount()).toBe(2);
  });

  it("replaces only when confirmed: the user's tasks in those groups go, the backup's come back", async () => {
    await json(await ada.request("/api/tasks", { json: { groupId: family, title: "Added after the backup" } }), 201);
    const unconfirmed = await ada.request("/api/backup/restore", { json: { backup, mode: "replace" } });
    expect(unconfirmed.status).toBe(400);
    expect(await adaTaskCount()).toBe(3);
    const replaced = await json(
      await ada.request("/api/backup/restore", { json: { backup, mode: "replace", confirm: true } }),
    );
    expect(replaced).toEqual({ restored: 2, skipped: 0, deleted: 3 });
    const titles = (await db().selectFrom("tasks").select("title").where("owner_id", "=", adaId).execute())
      .map((row) => row.title)
      .sort();
    expect(titles).toEqual(["Dentist", "Vacuum"]);
    // Grace's task in the same group is not Ada's to replace.
    expect((await db().selectFrom("tasks").select("title").where("title", "=", "Grace's own").execute()).length).toBe(
      1,
    );
  });

  it("checks the whole file before writing anything", async () => {
    const before = await adaTaskCount();
    const graceGroup = (await json<Group[]>(await grace.request("/api/groups")))[0]!.id;
    const foreign = {
      ...backup,
      tasks: [
        { ...backup.tasks[0]!, id: `${personal.slice(0, 8)}-zzzzzzzzzz` },
        { ...backup.tasks[0]!, id: `${graceGroup.slice(0, 8)}-abc`, groupId: graceGroup },
      ],
    };
    const refused = await ada.request("/api/backup/restore", { json: { backup: foreign, mode: "merge" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("nothing was restored");
    expect(await adaTaskCount()).toBe(before);

    const notOurs = await ada.request("/api/backup/restore", {
      json: { backup: { ...backup, format: "something-else" }, mode: "merge" },
    });
    expect(((await notOurs.json()) as { error: { message: string } }).error.message).toContain(
      "This is not a Tandem backup file",
    );
    const newer = await ada.request("/api/backup/restore", {
      json: { backup: { ...backup, version: 2 }, mode: "merge" },
    });
    expect(newer.status).toBe(400);
  });

  it("accepts the older three-character ids", async () => {
    const old = { ...backup, tasks: [{ ...backup.tasks[0]!, id: `${personal.slice(0, 8)}-x7q`, groupId: personal }] };
    expect(
      await json(await ada.request("/api/backup/restore", { json: { backup: old, mode: "merge" } })),
    ).toMatchObject({ restored: 1 });
    expect((await json<Task>(await ada.request(`/api/tasks/${personal.slice(0, 8)}-x7q`))).title).toBe(
      backup.tasks[0]!.title,
    );
  });

  it("backs up a group with its categories for members, and restores it into another group", async () => {
    const groupBackup = await json<Backup>(await grace.request(`/api/groups/${family}/backup`));
    expect(groupBackup.scope).toBe("group");
    expect(groupBackup.categories.map((category) => category.id)).toContain("chores");
    expect(groupBackup.tasks.map((task) => task.title)).toContain("Grace's own");

    const team = (await json<Group>(await ada.request("/api/groups", { json: { name: "Team", type: "team" } }), 201))
      .id;
    const copy = {
      ...groupBackup,
      tasks: groupBackup.tasks.map((task, index) => ({
        ...task,
        id: `${team.slice(0, 8)}-copy${String(index).padStart(6, "0")}`,
      })),
    };
    const result = await json<{ restored: number }>(
      await ada.request(`/api/groups/${team}/restore`, { json: { backup: copy, mode: "merge" } }),
    );
    expect(result.restored).toBe(copy.tasks.length);
    const categories = await json<Category[]>(await ada.request(`/api/groups/${team}/categories`));
    expect(categories.map((category) => category.id)).toContain("chores");
    const vacuum = (await json<{ tasks: Task[] }>(await ada.request(`/api/groups/${team}/tasks`))).tasks.find(
      (task) => task.title === "Vacuum",
    )!;
    expect(vacuum.category).toBe("chores");

    expect(
      (
        await grace.request(`/api/groups/${family}/restore`, {
          json: { backup: groupBackup, mode: "replace", confirm: true },
        })
      ).status,
    ).toBe(403);
    expect((await grace.request(`/api/groups/${team}/backup`)).status).toBe(404);
  });
});
