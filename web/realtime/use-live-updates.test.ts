import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Group } from "../../domain/groups";
import { groupKeys, invitationKeys } from "../api/groups";
import { notificationKeys } from "../api/notifications";
import { forceGroup, getChosenGroupId } from "../stores/current-group";
import { notify } from "../stores/notifier";
import { applyLiveMessage, withExpectedRemoval } from "./use-live-updates";

function group(id: string, name: string, isPersonal = false): Group {
  return {
    id,
    name,
    type: isPersonal ? "personal" : "family",
    owner_id: "owner",
    isPersonal,
    members: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    abilities: {
      rename: true,
      delete: false,
      invite: false,
      removeMembers: false,
      transferOwnership: false,
      leave: true,
    },
  };
}

const personal = group("p", "Ada's Task Manager", true);
const family = group("f", "The Millers");

describe("live messages", () => {
  let client: QueryClient;
  let info: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(groupKeys.all, [personal, family]);
    client.setQueryData(groupKeys.one("f"), family);
    client.setQueryData(groupKeys.invitations("f"), []);
    client.setQueryData(invitationKeys.all, { received: [], sent: [] });
    forceGroup("p");
    info = vi.spyOn(notify, "info").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    client.clear();
  });

  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  it("refetches groups and invitations after (re)connecting", () => {
    applyLiveMessage({ type: "hello", userId: "u" }, client, getChosenGroupId);
    expect(invalidated(groupKeys.all)).toBe(true);
    expect(invalidated(groupKeys.one("f"))).toBe(true);
    expect(invalidated(invitationKeys.all)).toBe(true);
  });

  it("on the first connection, refetches only what was fetched before the channel opened", () => {
    const opened = Date.now();
    client.setQueryData(invitationKeys.all, [], { updatedAt: opened + 5 });
    client.setQueryData(groupKeys.all, client.getQueryData(groupKeys.all), { updatedAt: opened - 5 });
    applyLiveMessage({ type: "hello", userId: "u" }, client, getChosenGroupId, opened);
    expect(invalidated(groupKeys.all)).toBe(true);
    expect(invalidated(invitationKeys.all)).toBe(false);
  });

  it("refetches everything on a resync, data fetched after the channel opened too", () => {
    const opened = Date.now();
    client.setQueryData(notificationKeys.all, [], { updatedAt: opened + 5 });
    client.setQueryData(groupKeys.all, client.getQueryData(groupKeys.all), { updatedAt: opened + 5 });
    applyLiveMessage({ type: "resync" }, client, getChosenGroupId, opened);
    expect(invalidated(groupKeys.all)).toBe(true);
    expect(invalidated(notificationKeys.all)).toBe(true);
    expect(invalidated(invitationKeys.all)).toBe(true);
  });

  it("refetches a changed group, and only invitations when invitations change", () => {
    applyLiveMessage({ type: "invitations.changed" }, client, getChosenGroupId);
    expect(invalidated(invitationKeys.all)).toBe(true);
    expect(invalidated(groupKeys.invitations("f"))).toBe(true);
    expect(invalidated(groupKeys.all)).toBe(false);
    applyLiveMessage({ type: "group.changed", groupId: "f" }, client, getChosenGroupId);
    expect(invalidated(groupKeys.one("f"))).toBe(true);
  });

  it("leaves the current group for the personal one when access to it ends, and says so", () => {
    forceGroup("f");
    applyLiveMessage({ type: "group.removed", groupId: "f", reason: "removed" }, client, getChosenGroupId);
    expect(getChosenGroupId()).toBe("p");
    expect(client.getQueryData<Group[]>(groupKeys.all)?.map((g) => g.id)).toEqual(["p"]);
    expect(client.getQueryData(groupKeys.one("f"))).toBeUndefined();
    expect(client.getQueryData(groupKeys.invitations("f"))).toBeUndefined();
    expect(info).toHaveBeenCalledWith("You no longer have access to The Millers.");
  });

  it("keeps the current group when another one is deleted", () => {
    applyLiveMessage({ type: "group.removed", groupId: "f", reason: "deleted" }, client, getChosenGroupId);
    expect(getChosenGroupId()).toBe("p");
    expect(info).toHaveBeenCalledWith("The Millers was deleted. You no longer have access to it.");
  });

  it("does not announce a removal this tab made itself", async () => {
    forceGroup("f");
    await withExpectedRemoval("f", async () => {
      applyLiveMessage({ type: "group.removed", groupId: "f", reason: "left" }, client, getChosenGroupId);
    });
    expect(info).not.toHaveBeenCalled();
    expect(getChosenGroupId()).toBe("p");
  });
});
