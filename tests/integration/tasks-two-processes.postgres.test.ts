import { expect, it } from "vitest";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { HttpClient } from "../helpers/http-client.js";
import { describePostgres } from "../helpers/databases.js";
import { useTwoServers } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (DESIGN.md §2).
 * PostgreSQL only: SQLite runs as one process.
 */
describePostgres("task changes across two server processes", () => {
  const servers = useTwoServers();

  it("a task added through one process reaches a socket on the other, and catch-up finds it", async () => {
    const { a, b } = servers;
    const { client: onA } = await signUp(a.baseUrl, "Ada");
    // The same browser session, its next request answered by the other process.
    const onB = new HttpClient(b.baseUrl);
    onB.setCookie("tandem_session", onA.cookie("tandem_session")!);
    const group = ((await (await onA.request("/api/groups")).json()) as Group[])[0]!.id;
    const start = ((await (await onA.request(`/api/groups/${group}/tasks`)).json()) as { seq: number }).seq;

    const live = await openLiveSocket(onA);
    const created = await onB.request("/api/tasks", { json: { groupId: group, title: "Written on B" } });
    expect(created.status).toBe(201);
    const { task } = (await created.json()) as { task: Task };
    const event = await live.waitFor((m) => m.type === "tasks.changed" && m.groupId === group);
    expect(event.seq).toBeGreaterThan(start);

    const changes = (await (await onA.request(`/api/groups/${group}/tasks?since=${start}`)).json()) as {
      tasks: Task[];
    };
    expect(changes.tasks.map((entry) => entry.id)).toEqual([task.id]);
    live.socket.close();
  });
});
