import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import type { TaskWritten } from "../../server/services/tasks/task-write-hooks.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * The seam by which modules follow changes to tasks (docs/modules.md): a hook in the change's
 * transaction, and one after it committed. Hooks are added here as a module's would be.
 */
describeEachDialect("task write hooks", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let groupId: string;
  const during: TaskWritten[] = [];
  const after: TaskWritten[] = [];
  let refuse = false;

  async function addTask(body: Record<string, unknown>): Promise<Task> {
    const response = await ada.request("/api/tasks", { json: { groupId, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  const patch = (id: string, body: Record<string, unknown>) =>
    ada.request(`/api/tasks/${id}`, { method: "PATCH", json: body });

  beforeAll(async () => {
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Hooks"));
    groupId = ((await (await ada.request("/api/groups")).json()) as Group[]).find((group) => group.isPersonal)!.id;
    context.server.app.deps.taskWriteHooks.push({
      moduleId: "test-follower",
      async during(transaction, write) {
        // In the same transaction: the change is visible here before it commits.
        const { rows } = await sql<{ title: string }>`select title from tasks where id = ${write.after.id}`.execute(
          transaction,
        );
        expect(rows[0]?.title).toBe(write.after.title);
        if (refuse) throw new Error("refused by a module");
        during.push(write);
      },
      async after(_deps, write) {
        after.push(write);
        throw new Error("a failing notification");
      },
    });
  });

  it("tells modules what changed, by whom, and the next occurrence a completed repeating task added", async () => {
    const task = await addTask({
      title: "Water the plants",
      deadline: "2026-12-01T09:00",
      repeat: { rule: "FREQ=WEEKLY", fromCompletion: false },
    });
    const moved = await patch(task.id, { deadline: "2026-12-03T09:00" });
    expect(moved.status).toBe(200);
    const done = await patch(task.id, { completed: true });
    // A module's failure after the commit changes nothing of the answer.
    expect(done.status).toBe(200);

    expect(during.map((write) => [write.before.deadline, write.after.deadline])).toEqual([
      ["2026-12-01T09:00", "2026-12-03T09:00"],
      ["2026-12-03T09:00", "2026-12-03T09:00"],
    ]);
    expect(during[1]).toMatchObject({ before: { completed: false }, after: { completed: true } });
    expect(during.every((write) => write.actor.name === "Ada Hooks")).toBe(true);
    const tasks = ((await (await ada.request(`/api/groups/${groupId}/tasks`)).json()) as { tasks: Task[] }).tasks;
    const next = tasks.find((listed) => listed.title === "Water the plants" && !listed.completed)!;
    expect(during[0]!.nextOccurrenceId).toBeNull();
    expect(during[1]!.nextOccurrenceId).toBe(next.id);
    expect(after.map((write) => write.after.id)).toEqual([task.id, task.id]);
  });

  it("refuses the whole change when a module's hook in the transaction fails", async () => {
    const task = await addTask({ title: "Book the dentist" });
    refuse = true;
    try {
      expect((await patch(task.id, { title: "Book the dentist for two" })).status).toBe(500);
    } finally {
      refuse = false;
    }
    const stored = (await (await ada.request(`/api/tasks/${task.id}`)).json()) as Task;
    expect(stored.title).toBe("Book the dentist");
  });
});
