import { describe, expect, it } from "vitest";
import type { Group } from "../../../domain/groups";
import type { Conversation } from "../../../domain/messaging";
import { badgeNumber, conversationsByGroup, unreadLabel, unreadTotals } from "./unread";

function conversation(id: string, changes: Partial<Conversation> = {}): Conversation {
  return {
    id,
    groupId: "g1",
    taskId: null,
    title: id,
    lastSeq: 0,
    lastReadSeq: 0,
    unread: 0,
    lastMessageAt: null,
    notify: "all",
    readers: [],
    ...changes,
  };
}

const group = (id: string, name: string) => ({ id, name }) as Group;

describe("unread counts", () => {
  it("adds up unread messages in all and per group, its tasks' threads with its own", () => {
    const totals = unreadTotals([
      conversation("a", { unread: 2 }),
      conversation("b", { unread: 3, taskId: "t1" }),
      conversation("c", { unread: 1, groupId: "g2" }),
      conversation("d", { unread: 0, groupId: "g3" }),
    ]);
    expect(totals.total).toBe(6);
    expect([...totals.byGroup]).toEqual([
      ["g1", 5],
      ["g2", 1],
    ]);
  });

  it("leaves muted conversations out, but counts those that notify of mentions only", () => {
    const totals = unreadTotals([
      conversation("a", { unread: 4, notify: "none" }),
      conversation("b", { unread: 2, notify: "mentions", taskId: "t1" }),
    ]);
    expect(totals.total).toBe(2);
    expect(totals.byGroup.get("g1")).toBe(2);
  });

  it("says what it counts, and shows at most 99", () => {
    expect(unreadLabel(1)).toBe("1 unread message");
    expect(unreadLabel(3)).toBe("3 unread messages");
    expect(badgeNumber(99)).toBe("99");
    expect(badgeNumber(100)).toBe("99+");
  });
});

describe("conversations of /messaging-settings", () => {
  it("lists each group in order with its own conversation, then its tasks' threads by title", () => {
    const groups = [group("g2", "Team"), group("g1", "Family")];
    const own = new Map([["g1", conversation("own-1")]]);
    const listed = [
      conversation("own-1", { unread: 1 }),
      conversation("t-z", { taskId: "tz", title: "Zucchini" }),
      conversation("t-a", { taskId: "ta", title: "apples" }),
      conversation("t-other", { groupId: "g2", taskId: "to", title: "Report" }),
    ];
    const result = conversationsByGroup(groups, (groupId) => own.get(groupId), listed);
    expect(result.map((entry) => [entry.group.id, entry.own?.id, entry.tasks.map((task) => task.title)])).toEqual([
      ["g2", undefined, ["Report"]],
      ["g1", "own-1", ["apples", "Zucchini"]],
    ]);
  });
});
