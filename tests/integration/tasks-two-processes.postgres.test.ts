import { expect, it } from "vitest";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { healthSchema } from "../../domain/health.js";
import { LISTENER_APPLICATION_NAME, type PostgresBus } from "../../server/realtime/postgres-bus.js";
import { HttpClient } from "../helpers/http-client.js";
import { adminQuery, describePostgres } from "../helpers/databases.js";
import { useTwoServers } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (docs/architecture.md, "Realtime").
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

  it("a change made while B's listener is down reaches B's socket as a resync once it is back; health says so meanwhile", async () => {
    const { a, b, database } = servers;
    const { client: onA } = await signUp(a.baseUrl, "Grace");
    const onB = new HttpClient(b.baseUrl);
    onB.setCookie("tandem_session", onA.cookie("tandem_session")!);
    const group = ((await (await onA.request("/api/groups")).json()) as Group[])[0]!.id;
    const start = ((await (await onA.request(`/api/groups/${group}/tasks`)).json()) as { seq: number }).seq;
    const live = await openLiveSocket(onB);

    // The listeners lose their connections and cannot make new ones; the pools keep theirs.
    await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    let taskId = "";
    try {
      const { rows } = await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}' and application_name = '${LISTENER_APPLICATION_NAME}'`,
      );
      expect(rows).toHaveLength(2);
      await waitFor(() => !(b.app.deps.bus as PostgresBus).listening);
      const health = await fetch(`${b.baseUrl}/api/healthz`);
      expect(health.status).toBe(503);
      expect(healthSchema.parse(await health.json()).realtime.status).toBe("down");

      const created = await onA.request("/api/tasks", { json: { groupId: group, title: "Written during the gap" } });
      expect(created.status).toBe(201);
      taskId = ((await created.json()) as { task: Task }).task.id;
    } finally {
      await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    }

    await live.waitFor((m) => m.type === "resync", 10_000);
    // Its event went nowhere: only the resync tells B's client to catch up, and catching up finds it.
    expect(live.inbox.some((m) => (m as { type: string }).type === "tasks.changed")).toBe(false);
    const changes = (await (await onB.request(`/api/groups/${group}/tasks?since=${start}`)).json()) as {
      tasks: Task[];
    };
    expect(changes.tasks.map((entry) => entry.id)).toEqual([taskId]);
    expect((await fetch(`${b.baseUrl}/api/healthz`)).status).toBe(200);
    live.socket.close();
  });
});

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
