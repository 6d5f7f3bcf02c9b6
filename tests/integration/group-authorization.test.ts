import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import { describeEachDialect } from "../helpers/databases.js";
import { confirmEmail } from "../helpers/email.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const ROLES = ["owner", "member", "non-member", "invitee", "signed-out"] as const;
type Role = (typeof ROLES)[number];

/** A fresh family group per check: its owner, one member, one pending invitation. */
interface World {
  groupId: string;
  memberId: string;
  ownerId: string;
  invitationId: string;
}

interface Check {
  name: string;
  request: (world: World) => { method: string; path: string; json?: unknown };
  expected: Record<Role, number>;
}

/**
 * Every group and invitation endpoint, for every kind of caller. A group or invitation the caller
 * may not see answers 404 exactly like a missing one; one they see but may not change answers 403.
 */
const CHECKS: Check[] = [
  {
    name: "GET group",
    request: (w) => ({ method: "GET", path: `/api/groups/${w.groupId}` }),
    expected: { owner: 200, member: 200, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "rename group",
    request: (w) => ({ method: "PATCH", path: `/api/groups/${w.groupId}`, json: { name: "Renamed" } }),
    expected: { owner: 200, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "deletion preview",
    request: (w) => ({ method: "GET", path: `/api/groups/${w.groupId}/deletion-preview` }),
    expected: { owner: 200, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "delete group",
    request: (w) => ({ method: "DELETE", path: `/api/groups/${w.groupId}`, json: { confirm: true } }),
    expected: { owner: 204, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "remove the member (the member themself: leave)",
    request: (w) => ({ method: "DELETE", path: `/api/groups/${w.groupId}/members/${w.memberId}` }),
    expected: { owner: 204, member: 204, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "remove the owner",
    request: (w) => ({ method: "DELETE", path: `/api/groups/${w.groupId}/members/${w.ownerId}` }),
    expected: { owner: 403, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "transfer ownership to the member",
    request: (w) => ({
      method: "POST",
      path: `/api/groups/${w.groupId}/transfer-ownership`,
      json: { userId: w.memberId },
    }),
    expected: { owner: 200, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "list the group's invitations",
    request: (w) => ({ method: "GET", path: `/api/groups/${w.groupId}/invitations` }),
    expected: { owner: 200, member: 200, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "invite by email",
    request: (w) => ({
      method: "POST",
      path: `/api/groups/${w.groupId}/invitations`,
      json: { email: "new@example.org" },
    }),
    expected: { owner: 201, member: 403, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "list my invitations",
    request: () => ({ method: "GET", path: "/api/invitations" }),
    expected: { owner: 200, member: 200, "non-member": 200, invitee: 200, "signed-out": 401 },
  },
  {
    name: "answer the invitation",
    request: (w) => ({ method: "POST", path: `/api/invitations/${w.invitationId}/respond`, json: { accept: false } }),
    expected: { owner: 404, member: 404, "non-member": 404, invitee: 200, "signed-out": 401 },
  },
  {
    name: "withdraw the invitation",
    request: (w) => ({ method: "DELETE", path: `/api/invitations/${w.invitationId}` }),
    expected: { owner: 204, member: 404, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "list my groups",
    request: () => ({ method: "GET", path: "/api/groups" }),
    expected: { owner: 200, member: 200, "non-member": 200, invitee: 200, "signed-out": 401 },
  },
  {
    name: "the group's analysis (module task-analysis)",
    request: (w) => ({ method: "GET", path: `/api/groups/${w.groupId}/analysis?weeks=4&tz=UTC` }),
    expected: { owner: 200, member: 200, "non-member": 404, invitee: 404, "signed-out": 401 },
  },
  {
    name: "create a group",
    request: () => ({ method: "POST", path: "/api/groups", json: { name: "Another", type: "team" } }),
    expected: { owner: 201, member: 201, "non-member": 201, invitee: 201, "signed-out": 401 },
  },
];

describeEachDialect("authorization of group and invitation endpoints", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, RATE_LIMIT_MAX: "100000" });
  const clients = {} as Record<Role, HttpClient>;
  const ids = {} as Record<Role, string>;

  beforeAll(async () => {
    for (const role of ["owner", "member", "non-member", "invitee"] as const) {
      const email = `${role}@example.org`;
      const { client, id } = await signUp(context.server.baseUrl, role, email);
      await confirmEmail(context.server.database.db, client, email);
      clients[role] = client;
      ids[role] = id;
    }
    clients["signed-out"] = new HttpClient(context.server.baseUrl);
  });

  async function freshWorld(): Promise<World> {
    const created = await clients.owner.request("/api/groups", { json: { name: "Family", type: "family" } });
    const group = (await created.json()) as Group;
    const toMember = (await (
      await clients.owner.request(`/api/groups/${group.id}/invitations`, { json: { email: "member@example.org" } })
    ).json()) as Invitation;
    await clients.member.request(`/api/invitations/${toMember.id}/respond`, { json: { accept: true } });
    const toInvitee = (await (
      await clients.owner.request(`/api/groups/${group.id}/invitations`, { json: { email: "invitee@example.org" } })
    ).json()) as Invitation;
    return { groupId: group.id, memberId: ids.member, ownerId: ids.owner, invitationId: toInvitee.id };
  }

  for (const check of CHECKS) {
    it(`${check.name}: ${ROLES.map((role) => `${role} ${check.expected[role]}`).join(", ")}`, async () => {
      for (const role of ROLES) {
        const { method, path, json } = check.request(await freshWorld());
        const response = await clients[role].request(path, { method, ...(json === undefined ? {} : { json }) });
        expect(response.status, `${role}: ${method} ${path} → ${await response.clone().text()}`).toBe(
          check.expected[role],
        );
        if (response.status >= 400) {
          expect(await response.json()).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
        }
      }
    });
  }

  it("answers a missing group or invitation exactly like a hidden one", async () => {
    const world = await freshWorld();
    for (const [hidden, missing] of [
      [`/api/groups/${world.groupId}`, "/api/groups/00000000-0000-0000-0000-000000000000"],
      [`/api/invitations/${world.invitationId}`, "/api/invitations/not-an-invitation"],
    ] as const) {
      const method = hidden.startsWith("/api/invitations") ? "DELETE" : "GET";
      const a = await clients["non-member"].request(hidden, { method });
      const b = await clients["non-member"].request(missing, { method });
      expect([a.status, await a.json()]).toEqual([b.status, await b.json()]);
    }
  });
});
