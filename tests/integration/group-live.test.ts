import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("groups live on the WebSocket", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;
  let linus: HttpClient;

  beforeAll(async () => {
    ada = (await signUpConfirmed(context.server, "Ada")).client;
    grace = (await signUpConfirmed(context.server, "Grace")).client;
    linus = (await signUpConfirmed(context.server, "Linus")).client;
  });

  it("tells every member about joins, renames and removals, and the removed member that the group is gone", async () => {
    const adaLive = await openLiveSocket(ada);
    const graceLive = await openLiveSocket(grace);
    const linusLive = await openLiveSocket(linus);

    const group = (await (
      await ada.request("/api/groups", { json: { name: "Family", type: "family" } })
    ).json()) as Group;
    await adaLive.waitFor((m) => m.type === "group.changed" && m.groupId === group.id);

    const invitation = (await (
      await ada.request(`/api/groups/${group.id}/invitations`, { json: { email: "grace@example.org" } })
    ).json()) as Invitation;
    await graceLive.waitFor((m) => m.type === "invitations.changed");

    adaLive.inbox.length = 0;
    await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } });
    await adaLive.waitFor((m) => m.type === "group.changed" && m.groupId === group.id);
    await graceLive.waitFor((m) => m.type === "group.changed" && m.groupId === group.id);

    graceLive.inbox.length = 0;
    await ada.request(`/api/groups/${group.id}`, { method: "PATCH", json: { name: "The Family" } });
    await graceLive.waitFor((m) => m.type === "group.changed" && m.groupId === group.id);

    const graceId = ((await (await grace.request("/api/me")).json()) as { id: string }).id;
    await ada.request(`/api/groups/${group.id}/members/${graceId}`, { method: "DELETE" });
    expect(await graceLive.waitFor((m) => m.type === "group.removed")).toEqual({
      type: "group.removed",
      groupId: group.id,
      reason: "removed",
    });
    // Removed means removed: the next change to the group no longer reaches Grace.
    graceLive.inbox.length = 0;
    await ada.request(`/api/groups/${group.id}`, { method: "PATCH", json: { name: "Just us" } });
    await adaLive.waitFor((m) => m.type === "group.changed");
    expect(graceLive.inbox).toEqual([]);
    // Linus, never a member, heard nothing of it at all.
    expect(linusLive.inbox.filter((m) => (m as { type: string }).type !== "hello")).toEqual([]);

    await ada.request(`/api/groups/${group.id}`, { method: "DELETE", json: { confirm: true } });
    await adaLive.waitFor((m) => m.type === "group.removed" && m.reason === "deleted");
    for (const live of [adaLive, graceLive, linusLive]) live.socket.close();
  });
});
