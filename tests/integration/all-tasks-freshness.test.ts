import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * All of a user's tasks (GET /api/tasks) are remembered per user while their groups and those
 * groups' change logs stand still (server/services/tasks/tasks.ts, allTasksAnswer). Each test
 * reads the list, changes something the way a user would, in any of the user's groups, and reads
 * it again: the second answer must show the change, and above all never a task the user can no
 * longer see (left or removed from its group, a share taken back, a group deleted).
 */
describeEachDialect("all of a user's tasks after every kind of change", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;
  let graceId: string;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const allTasks = async (client: HttpClient) => json<Task[]>(await client.request("/api/tasks"));
  const ids = async (client: HttpClient) => (await allTasks(client)).map((task) => task.id);
  const find = async (client: HttpClient, taskId: string) =>
    (await allTasks(client)).find((task) => task.id === taskId);
  const create = async (client: HttpClient, groupId: string, title: string) =>
    (await json<{ task: Task }>(await client.request("/api/tasks", { json: { groupId, title } }), 201)).task;
  const invite = async (groupId: string, member: HttpClient, email: string) => {
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${groupId}/invitations`, { json: { email } }),
      201,
    );
    await json(await member.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  };
  const newGroup = async (owner: HttpClient, name: string) =>
    (await json<Group>(await owner.request("/api/groups", { json: { name, type: "family" } }), 201)).id;

  beforeAll(async () => {
    ada = (await signUpConfirmed(context.server, "Ada")).client;
    const signedUp = await signUpConfirmed(context.server, "Grace");
    grace = signedUp.client;
    graceId = signedUp.id;
    family = await newGroup(ada, "Family");
    await invite(family, grace, "grace@example.org");
  });

  it("shows a task added, edited, completed and deleted in any of the user's groups in the next read", async () => {
    const personal = (await json<Group[]>(await grace.request("/api/groups"))).find((group) => group.isPersonal)!.id;
    await create(grace, personal, "Water the plants");
    const before = await allTasks(grace);

    const task = await create(ada, family, "Buy bread");
    expect(await ids(grace)).toEqual(expect.arrayContaining([...before.map((entry) => entry.id), task.id]));

    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { title: "Buy rye bread" } }));
    expect((await find(grace, task.id))?.title).toBe("Buy rye bread");

    await json(await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    expect((await find(grace, task.id))?.completed).toBe(true);
    expect((await find(ada, task.id))?.completed).toBe(true);

    expect((await ada.request(`/api/tasks/${task.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await ids(grace)).not.toContain(task.id);
    expect(await ids(ada)).not.toContain(task.id);
  });

  it("gives each user their own abilities, and shows a lock to the others", async () => {
    const task = await create(ada, family, "Book the dentist");
    expect((await find(grace, task.id))?.abilities.edit).toBe(true);
    expect((await find(ada, task.id))?.abilities.lock).toBe(true);
    expect((await find(grace, task.id))?.abilities.lock).toBe(false);

    await json(await ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true } }));
    expect((await find(grace, task.id))?.abilities.edit).toBe(false);
    expect((await find(ada, task.id))?.abilities.edit).toBe(true);
  });

  it("shows nothing more of a group the user left, though they read the list a moment before", async () => {
    const club = await newGroup(ada, "Book club");
    await invite(club, grace, "grace@example.org");
    const task = await create(ada, club, "Pick the next book");
    expect(await ids(grace)).toContain(task.id);

    expect((await grace.request(`/api/groups/${club}/members/${graceId}`, { method: "DELETE" })).status).toBe(204);
    expect(await ids(grace)).not.toContain(task.id);
    expect(await ids(ada)).toContain(task.id);
  });

  it("shows nothing more of a group the user was removed from", async () => {
    const choir = await newGroup(ada, "Choir");
    await invite(choir, grace, "grace@example.org");
    const task = await create(ada, choir, "Learn the alto part");
    expect(await ids(grace)).toContain(task.id);

    expect((await ada.request(`/api/groups/${choir}/members/${graceId}`, { method: "DELETE" })).status).toBe(204);
    expect(await ids(grace)).not.toContain(task.id);
  });

  it("stops showing a task shared into the user's group once the share is taken back", async () => {
    // Grace is not in the garden group: she sees its task only through the share with the family.
    const garden = await newGroup(ada, "Garden");
    const task = await create(ada, garden, "Plant tulips");
    expect(await ids(grace)).not.toContain(task.id);

    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
    expect((await find(grace, task.id))?.sharedWithGroups).toEqual([family]);

    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "DELETE" }));
    expect(await ids(grace)).not.toContain(task.id);
    expect((await find(ada, task.id))?.sharedWithGroups).toEqual([]);
  });

  it("stops showing a shared task once its own group is deleted", async () => {
    const allotment = await newGroup(ada, "Allotment");
    const task = await create(ada, allotment, "Dig the beds");
    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
    expect(await ids(grace)).toContain(task.id);

    expect((await ada.request(`/api/groups/${allotment}`, { method: "DELETE", json: { confirm: true } })).status).toBe(
      204,
    );
    expect(await ids(grace)).not.toContain(task.id);
    expect(await ids(ada)).not.toContain(task.id);
  });

  it("shows the tasks of a group the user joins", async () => {
    const team = await newGroup(ada, "Team");
    const task = await create(ada, team, "Plan the offsite");
    expect(await ids(grace)).not.toContain(task.id);

    await invite(team, grace, "grace@example.org");
    expect(await ids(grace)).toContain(task.id);
  });
});
