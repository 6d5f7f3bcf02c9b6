import { expect, it } from "vitest";
import { DELEGATION_MESSAGES, type GroupAssignments } from "../../domain/delegation.js";
import type { Task } from "../../domain/tasks.js";
import { describePostgres } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useTwoServers } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * Volunteering behind a load balancer: claims of one open task sent at once to two server
 * processes on one PostgreSQL database. The database's conditional insert decides, not either
 * process, so there is one winner however the claims are spread (docs/delegation.md).
 */
describePostgres("claims across two server processes", () => {
  const servers = useTwoServers();

  it("50 claims at once, half through each process: exactly one 200, 49 409 naming the winner", async () => {
    const { a, b } = servers;
    const { client: owner, id: ownerId } = await signUp(a.baseUrl, "Olga Owner");
    const { client: bobOnA, id: bobId } = await signUp(a.baseUrl, "Bob Racer");
    const { client: cleoOnA, id: cleoId } = await signUp(a.baseUrl, "Cleo Racer");
    const family = await createSharedGroup(a.database.db, { ownerId, memberIds: [bobId, cleoId] });
    const created = await owner.request("/api/tasks", { json: { groupId: family, title: "Last cinema seat" } });
    expect(created.status).toBe(201);
    const task = ((await created.json()) as { task: Task }).task;
    expect((await owner.request(`/api/tasks/${task.id}/open`, { method: "PUT" })).status).toBe(200);

    // Each racer's session also on process B, as a load balancer would spread their requests.
    const onB = (client: HttpClient) => {
      const other = new HttpClient(b.baseUrl);
      other.setCookie("tandem_session", client.cookie("tandem_session")!);
      return other;
    };
    const clients = [bobOnA, onB(bobOnA), cleoOnA, onB(cleoOnA)];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        clients[index % clients.length]!.request(`/api/tasks/${task.id}/claim`, { method: "POST" }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const badges = (await (await owner.request(`/api/groups/${family}/assignments`)).json()) as GroupAssignments;
    const winner = badges.assignees[task.id]!;
    expect([bobId, cleoId]).toContain(winner.userId);
    for (const response of responses.filter((candidate) => candidate.status === 409))
      expect(await response.json()).toEqual({
        error: { code: "conflict", message: DELEGATION_MESSAGES.claimedBy(winner.name) },
      });
  });
});
