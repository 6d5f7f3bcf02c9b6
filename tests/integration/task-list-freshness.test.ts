import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import type { GroupTasks, Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * A group's list is remembered per viewer while the group's change log stands still
 * (server/services/tasks/task-list-cache.ts). Each test reads a list, changes something the way a user
 * would, and reads it again: the second answer must show the change. Also the changes that do
 * not go through the task routes: a group deleted with tasks shared elsewhere, an account
 * deleted with tasks in other people's groups.
 */
/** A GET with exactly these headers (fetch would ask for compression and undo it on its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describeEachDialect("a group's task list after every kind of change", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let adaId: string;
  let grace: HttpClient;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const list = async (client: HttpClient, groupId: string, since?: number) =>
    json<GroupTasks>(
      await client.request(`/api/groups/${groupId}/tasks${since === undefined ? "" : `?since=${since}`}`),
    );
  const find = async (client: HttpClient, groupId: string, taskId: string) =>
    (await list(client, groupId)).tasks.find((task) => task.id === taskId);
  const create = async (client: HttpClient, groupId: string, title: string) =>
    (await json<{ task: Task }>(await client.request("/api/tasks", { json: { groupId, title } }), 201)).task;
  const invite = async (groupId: string, member: HttpClient, email: string) => {
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${groupId}/invitations`, { json: { email } }),
      201,
    );
    await json(await member.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  };
  const newGroup = async (name: string) =>
    (await json<Group>(await ada.request("/api/groups", { json: { name, type: "family" } }), 201)).id;

  beforeAll(async () => {
    const signedUp = await signUpConfirmed(context.server, "Ada");
    ada = signedUp.client;
    adaId = signedUp.id;
    grace = (await signUpConfirmed(context.server, "Grace")).client;
    family = await newGroup("Family");
    await invite(family, grace, "grace@example.org");
  });

  it("sends a large list compressed to a client that takes it, the same list as plain", async () => {
    for (let i = 0; i < 30; i += 1) await create(ada, family, `Compressible task number ${i}`);
    const cookie = `tandem_session=${ada.cookie("tandem_session")!}`;
    const url = `${context.server.baseUrl}/api/groups/${family}/tasks`;
    const plain = await rawGet(url, { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"] as const) {
      const compressed = await rawGet(url, { cookie, "accept-encoding": encoding });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers.vary).toContain("accept-encoding");
      expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
      const text = (encoding === "br" ? brotliDecompressSync : gunzipSync)(compressed.body).toString("utf8");
      expect(JSON.parse(text)).toEqual(JSON.parse(plain.body.toString("utf8")));
    }
  });

  it("gives each viewer their own abilities, and both see a lock and an unlock", async () => {
    const task = await create(ada, family, "Water the plants");
    expect((await find(ada, family, task.id))?.abilities.edit).toBe(true);
    expect((await find(grace, family, task.id))?.abilities.edit).toBe(true);

    await json(await ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true } }));
    expect((await find(ada, family, task.id))?.abilities).toMatchObject({ edit: true, lock: true });
    expect((await find(grace, family, task.id))?.abilities).toMatchObject({ edit: false, lock: false });

    await json(await ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: false } }));
    expect((await find(grace, family, task.id))?.abilities.edit).toBe(true);
  });

  it("shows edits, completion, subtasks and deletion in the next read", async () => {
    const task = await create(grace, family, "Pack lunch");
    expect((await find(ada, family, task.id))?.title).toBe("Pack lunch");

    await json(await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { title: "Pack lunches" } }));
    expect((await find(ada, family, task.id))?.title).toBe("Pack lunches");

    await json(await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    expect((await find(ada, family, task.id))?.completed).toBe(true);

    await json(await ada.request(`/api/tasks/${task.id}/subtasks`, { json: { title: "Sandwiches" } }));
    expect((await find(grace, family, task.id))?.subtasksTotal).toBe(1);

    expect((await grace.request(`/api/tasks/${task.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await find(ada, family, task.id)).toBeUndefined();
  });

  it("answers 404 to a member who was removed, though they read the list a moment before", async () => {
    const club = await newGroup("Book club");
    await invite(club, grace, "grace@example.org");
    await create(ada, club, "Pick the next book");
    expect((await list(grace, club)).tasks).toHaveLength(1);

    const graceId = ((await json<{ id: string }>(await grace.request("/api/me"))) as { id: string }).id;
    expect((await ada.request(`/api/groups/${club}/members/${graceId}`, { method: "DELETE" })).status).toBe(204);
    expect((await grace.request(`/api/groups/${club}/tasks`)).status).toBe(404);
  });

  it("drops a task from the groups it was shared with when its own group is deleted", async () => {
    const garden = await newGroup("Garden");
    const task = await create(ada, garden, "Plant tulips");
    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
    const before = await list(grace, family);
    expect(before.tasks.map((entry) => entry.id)).toContain(task.id);

    const preview = await json<{ tasks: number }>(await ada.request(`/api/groups/${garden}/deletion-preview`));
    expect(preview.tasks).toBe(1);
    expect((await ada.request(`/api/groups/${garden}`, { method: "DELETE", json: { confirm: true } })).status).toBe(
      204,
    );

    expect((await list(grace, family)).tasks.map((entry) => entry.id)).not.toContain(task.id);
    expect((await list(grace, family, before.seq)).removedTaskIds).toContain(task.id);
  });

  it("stops naming a deleted group among the groups a task is shared with", async () => {
    const club = await newGroup("Chess club");
    const task = await create(ada, family, "Bring the board");
    await json(await ada.request(`/api/tasks/${task.id}/shares/${club}`, { method: "PUT" }));
    const before = await list(grace, family);
    expect(before.tasks.find((entry) => entry.id === task.id)?.sharedWithGroups).toEqual([club]);

    expect((await ada.request(`/api/groups/${club}`, { method: "DELETE", json: { confirm: true } })).status).toBe(204);
    expect((await find(grace, family, task.id))?.sharedWithGroups).toEqual([]);
    const changes = await list(grace, family, before.seq);
    expect(changes.tasks.find((entry) => entry.id === task.id)?.sharedWithGroups).toEqual([]);
  });

  it("hands a deleted account's tasks to the group's owner, in the list and in catch-up", async () => {
    const linus = (await signUpConfirmed(context.server, "Linus")).client;
    await invite(family, linus, "linus@example.org");
    const task = await create(linus, family, "Fix the bike");
    const before = await list(ada, family);
    expect(before.tasks.find((entry) => entry.id === task.id)?.ownerId).not.toBe(adaId);

    expect((await linus.request("/api/account", { method: "DELETE", json: { confirm: true } })).status).toBe(204);

    expect((await find(ada, family, task.id))?.ownerId).toBe(adaId);
    const changes = await list(ada, family, before.seq);
    expect(changes.tasks.find((entry) => entry.id === task.id)?.ownerId).toBe(adaId);
  });
});
