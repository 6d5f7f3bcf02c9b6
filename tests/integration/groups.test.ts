import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation, InvitationLists } from "../../domain/groups.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

interface Person {
  client: HttpClient;
  id: string;
  email: string;
}

describeEachDialect("groups and invitations", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, INSTANCE_NAME: "Tandem Test" });
  const db = () => context.server.database.db;
  let ada: Person;
  let grace: Person;
  let linus: Person;

  const person = (name: string): Promise<Person> => signUpConfirmed(context.server, name);
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  beforeAll(async () => {
    ada = await person("Ada");
    grace = await person("Grace");
    linus = await person("Linus");
  });

  it("lists the personal group first, private and with its owner as the only member", async () => {
    const groups = await json<Group[]>(await ada.client.request("/api/groups"));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      name: "Ada's Task Manager",
      type: "personal",
      isPersonal: true,
      owner_id: ada.id,
      members: [{ userId: ada.id, displayName: "Ada", role: "owner" }],
      abilities: {
        rename: true,
        delete: false,
        invite: false,
        removeMembers: false,
        transferOwnership: false,
        leave: false,
      },
    });
    const personal = groups[0]!.id;
    const refused = await ada.client.request(`/api/groups/${personal}/invitations`, {
      json: { email: "x@example.org" },
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toContain("personal group is private");
    expect(
      (await ada.client.request(`/api/groups/${personal}`, { method: "DELETE", json: { confirm: true } })).status,
    ).toBe(403);
  });

  let family: Group;

  it("creates a family group with the default and the suggested categories", async () => {
    family = await json<Group>(
      await ada.client.request("/api/groups", {
        json: { name: "Lovelace family", type: "family", categories: ["Chores", "School", "Work"] },
      }),
      201,
    );
    expect(family).toMatchObject({
      type: "family",
      owner_id: ada.id,
      isPersonal: false,
      abilities: { invite: true, leave: false },
    });
    const categories = await db()
      .selectFrom("categories")
      .select(["id", "label"])
      .where("group_id", "=", family.id)
      .orderBy("sort_order")
      .execute();
    expect(categories.map((category) => category.id)).toEqual([
      "work",
      "personal",
      "shopping",
      "group",
      "other",
      "chores",
      "school",
    ]);
    expect((await json<Group[]>(await ada.client.request("/api/groups"))).map((group) => group.name)).toEqual([
      "Ada's Task Manager",
      "Lovelace family",
    ]);
  });

  it("gives a new group's suggested categories colours of their own", async () => {
    const suggested = ["Chores", "Meals", "School", "Appointments", "Errands"];
    const household = await json<Group>(
      await ada.client.request("/api/groups", {
        json: { name: "Ada's household", type: "family", categories: suggested },
      }),
      201,
    );
    const colors = await db()
      .selectFrom("categories")
      .select(["label", "color"])
      .where("group_id", "=", household.id)
      .where("label", "in", suggested)
      .execute();
    expect(colors).toHaveLength(5);
    expect(new Set(colors.map((category) => category.color)).size).toBe(5);
    expect(colors.map((category) => category.color)).not.toContain("bg-gray-500");
    // Out of the way of the tests below, which count Ada's groups.
    expect(
      (await ada.client.request(`/api/groups/${household.id}`, { method: "DELETE", json: { confirm: true } })).status,
    ).toBe(204);
  });

  it("hides a group from everyone who is not a member, exactly like a missing one", async () => {
    for (const id of [family.id, "00000000-0000-0000-0000-000000000000"]) {
      const hidden = await grace.client.request(`/api/groups/${id}`);
      expect(hidden.status).toBe(404);
      expect(await errorOf(hidden)).toEqual({ code: "not_found", message: "Group not found" });
    }
  });

  let invitation: Invitation;

  it("invites by email, once per address, and mails a link to /invitations", async () => {
    // The email says until when on the inviter's clock, Grace's language being unknown.
    await json(await ada.client.request("/api/profile", { method: "PATCH", json: { locale: "en-US" } }));
    invitation = await json<Invitation>(
      await ada.client.request(`/api/groups/${family.id}/invitations`, { json: { email: "Grace@Example.org" } }),
      201,
    );
    expect(invitation).toMatchObject({
      email: "grace@example.org",
      status: "pending",
      groupName: "Lovelace family",
      invitedBy: { userId: ada.id },
    });
    expect(invitation.id.length).toBeGreaterThanOrEqual(40);
    const again = await ada.client.request(`/api/groups/${family.id}/invitations`, {
      json: { email: "grace@example.org" },
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("An invitation to this address is already pending");
    expect(
      (await ada.client.request(`/api/groups/${family.id}/invitations`, { json: { email: ada.email } })).status,
    ).toBe(409);

    await context.server.app.deps.mailer.settled();
    const mail = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", "grace@example.org")
      .where("subject", "like", "%invited you%")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Ada invited you to "Lovelace family" on Tandem Test');
    expect(mail.text_body).toContain(`${context.server.baseUrl}/invitations`);
    expect(mail.text_body).toMatch(/open until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
  });

  it("shows the invitation to the invitee and the inviter only", async () => {
    expect(
      (await json<InvitationLists>(await grace.client.request("/api/invitations"))).received.map((entry) => entry.id),
    ).toEqual([invitation.id]);
    expect(
      (await json<InvitationLists>(await ada.client.request("/api/invitations"))).sent.map((entry) => entry.id),
    ).toEqual([invitation.id]);
    const stranger = await json<InvitationLists>(await linus.client.request("/api/invitations"));
    expect(stranger).toEqual({ received: [], sent: [] });
    // Knowing the id is not enough to answer or withdraw it.
    expect(
      (await linus.client.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } })).status,
    ).toBe(404);
    expect((await linus.client.request(`/api/invitations/${invitation.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("accepts once: the invitee becomes a member; a second answer is refused and changes nothing", async () => {
    const accepted = await json<Invitation>(
      await grace.client.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }),
    );
    expect(accepted.status).toBe("accepted");
    const group = await json<Group>(await grace.client.request(`/api/groups/${family.id}`));
    expect(group.members.map((member) => [member.displayName, member.role])).toEqual([
      ["Ada", "owner"],
      ["Grace", "member"],
    ]);
    expect(group.abilities).toMatchObject({ leave: true, invite: false, rename: false });

    for (const accept of [true, false]) {
      const twice = await grace.client.request(`/api/invitations/${invitation.id}/respond`, { json: { accept } });
      expect(twice.status).toBe(409);
      expect((await errorOf(twice)).message).toBe("This invitation was already answered");
    }
    expect((await json<Group>(await grace.client.request(`/api/groups/${family.id}`))).members).toHaveLength(2);
  });

  it("refuses an expired invitation with 410 and adds nobody", async () => {
    const sent = await json<Invitation>(
      await ada.client.request(`/api/groups/${family.id}/invitations`, { json: { email: linus.email } }),
      201,
    );
    await db()
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", sent.id)
      .execute();
    const late = await linus.client.request(`/api/invitations/${sent.id}/respond`, { json: { accept: true } });
    expect(late.status).toBe(410);
    expect((await errorOf(late)).message).toBe("This invitation has expired. Ask for a new one.");
    expect((await linus.client.request(`/api/groups/${family.id}`)).status).toBe(404);
    expect((await json<InvitationLists>(await linus.client.request("/api/invitations"))).received[0]).toMatchObject({
      status: "expired",
    });
    // An expired invitation does not block a new one.
    await json<Invitation>(
      await ada.client.request(`/api/groups/${family.id}/invitations`, { json: { email: linus.email } }),
      201,
    );
  });

  it("lets only the owner rename, invite and remove; members may leave; the owner must hand over first", async () => {
    expect(
      (await grace.client.request(`/api/groups/${family.id}`, { method: "PATCH", json: { name: "Mine now" } })).status,
    ).toBe(403);
    expect(
      (await grace.client.request(`/api/groups/${family.id}/invitations`, { json: { email: "z@example.org" } })).status,
    ).toBe(403);
    expect(
      (await grace.client.request(`/api/groups/${family.id}/members/${ada.id}`, { method: "DELETE" })).status,
    ).toBe(403);
    const ownerLeaves = await ada.client.request(`/api/groups/${family.id}/members/${ada.id}`, { method: "DELETE" });
    expect(ownerLeaves.status).toBe(403);
    expect((await errorOf(ownerLeaves)).message).toBe("Transfer the group to another member before leaving it");

    const renamed = await json<Group>(
      await ada.client.request(`/api/groups/${family.id}`, { method: "PATCH", json: { name: "The Lovelaces" } }),
    );
    expect(renamed.name).toBe("The Lovelaces");
  });

  it("transfers ownership to a current member only; the previous owner stays as a member", async () => {
    expect(
      (await ada.client.request(`/api/groups/${family.id}/transfer-ownership`, { json: { userId: linus.id } })).status,
    ).toBe(404);
    const moved = await json<Group>(
      await ada.client.request(`/api/groups/${family.id}/transfer-ownership`, { json: { userId: grace.id } }),
    );
    expect(moved.owner_id).toBe(grace.id);
    expect(moved.members.map((member) => [member.displayName, member.role])).toEqual([
      ["Ada", "member"],
      ["Grace", "owner"],
    ]);
    expect(moved.abilities).toMatchObject({ leave: true, invite: false });
  });

  it("invites a fellow member by user id, lets a member leave, and removes a member at once", async () => {
    // Ada and Grace share the family, so Ada may invite Grace by id to a new team.
    const team = await json<Group>(
      await ada.client.request("/api/groups", { json: { name: "Analytical Engine", type: "team" } }),
      201,
    );
    const toGrace = await json<Invitation>(
      await ada.client.request(`/api/groups/${team.id}/invitations`, { json: { userId: grace.id } }),
      201,
    );
    // Her address came from her account, which profiles keep from other members: Ada sees whom
    // she invited by name, nowhere by address.
    expect(toGrace).toMatchObject({ email: null, invitee: { userId: grace.id, displayName: "Grace" } });
    const sent = (await json<InvitationLists>(await ada.client.request("/api/invitations"))).sent;
    const pending = await json<Invitation[]>(await ada.client.request(`/api/groups/${team.id}/invitations`));
    for (const answer of [toGrace, sent.find((entry) => entry.id === toGrace.id), pending]) {
      expect(JSON.stringify(answer)).not.toContain(grace.email);
    }
    // Grace sees her own invitation, to her own address.
    const received = (await json<InvitationLists>(await grace.client.request("/api/invitations"))).received;
    expect(received.find((entry) => entry.id === toGrace.id)).toMatchObject({ email: grace.email, groupId: team.id });
    await json<Invitation>(
      await grace.client.request(`/api/invitations/${toGrace.id}/respond`, { json: { accept: true } }),
    );
    expect(
      (await grace.client.request(`/api/groups/${team.id}/members/${grace.id}`, { method: "DELETE" })).status,
    ).toBe(204);
    expect((await json<Group>(await ada.client.request(`/api/groups/${team.id}`))).members).toHaveLength(1);

    expect(
      (await grace.client.request(`/api/groups/${family.id}/members/${ada.id}`, { method: "DELETE" })).status,
    ).toBe(204);
    expect((await ada.client.request(`/api/groups/${family.id}`)).status).toBe(404);
    expect((await json<Group[]>(await ada.client.request("/api/groups"))).map((group) => group.name)).toEqual([
      "Ada's Task Manager",
      "Analytical Engine",
    ]);
  });

  it("invites by user only someone the inviter shares a group with (no longer Grace)", async () => {
    const team = (await json<Group[]>(await ada.client.request("/api/groups"))).find((group) => group.type === "team")!;
    for (const userId of [linus.id, grace.id]) {
      const refused = await ada.client.request(`/api/groups/${team.id}/invitations`, { json: { userId } });
      expect(refused.status).toBe(404);
    }
  });

  it("previews and deletes a group; its members lose it, its invitations go with it", async () => {
    const team = (await json<Group[]>(await ada.client.request("/api/groups"))).find((group) => group.type === "team")!;
    await json<Invitation>(
      await ada.client.request(`/api/groups/${team.id}/invitations`, { json: { email: "new@example.org" } }),
      201,
    );
    expect(await json(await ada.client.request(`/api/groups/${team.id}/deletion-preview`))).toEqual({
      tasks: 0,
      categories: 5,
      members: 1,
      pendingInvitations: 1,
    });
    expect((await ada.client.request(`/api/groups/${team.id}`, { method: "DELETE", json: {} })).status).toBe(400);
    expect(
      (await ada.client.request(`/api/groups/${team.id}`, { method: "DELETE", json: { confirm: true } })).status,
    ).toBe(204);
    expect((await ada.client.request(`/api/groups/${team.id}`)).status).toBe(404);
    expect(await db().selectFrom("invitations").select("id").where("group_id", "=", team.id).execute()).toEqual([]);
    expect(await db().selectFrom("categories").select("id").where("group_id", "=", team.id).execute()).toEqual([]);
  });
});
