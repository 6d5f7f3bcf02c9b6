import { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../domain/tasks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allTasksKey } from "../api/all-tasks";
import { type CachedTask, type GroupTaskList, taskKeys } from "../api/tasks";
import {
  beginTaskWrite,
  catchUpGroup,
  endTaskWrite,
  keepTasksBeingWritten,
  mergeTaskChanges,
  removeTaskFromCaches,
  settledVersion,
  versionToShow,
  upsertTaskInCaches,
  withLocalTasks,
} from "./task-sync";
import { task } from "../test-support/task";

describe("merging a catch-up into a group's list", () => {
  const list: GroupTaskList = { tasks: [task("a"), task("b"), task("c")], seq: 4 };

  it("replaces changed tasks, adds new ones, drops removed ones and moves the seq on", () => {
    const merged = mergeTaskChanges(
      list,
      { tasks: [task("b", { title: "B!" }), task("d")], removedTaskIds: ["c", "gone-anyway"], seq: 7 },
      () => false,
    );
    expect(merged.tasks.map((t) => `${t.id}:${t.title}`)).toEqual(["a:a", "b:B!", "d:d"]);
    expect(merged.seq).toBe(7);
  });

  it("keeps what this tab is writing as the user sees it", () => {
    const merged = mergeTaskChanges(
      list,
      { tasks: [task("a", { title: "old server state" }), task("x")], removedTaskIds: ["b"], seq: 5 },
      (id) => id === "a" || id === "b" || id === "x",
    );
    expect(merged.tasks.map((t) => `${t.id}:${t.title}`)).toEqual(["a:a", "b:b", "c:c"]);
  });

  it("ignores a version read before a newer one this tab already has", () => {
    const fresh: GroupTaskList = {
      tasks: [task("a", { title: "after my write", updatedAt: "2026-01-01T00:00:02.000Z" })],
      seq: 4,
    };
    const merged = mergeTaskChanges(
      fresh,
      {
        tasks: [task("a", { title: "read before it", updatedAt: "2026-01-01T00:00:01.000Z" })],
        removedTaskIds: [],
        seq: 5,
      },
      () => false,
    );
    expect(merged.tasks[0]!.title).toBe("after my write");
    expect(merged.seq).toBe(5);
  });

  it("never moves the seq back", () => {
    expect(mergeTaskChanges(list, { tasks: [], removedTaskIds: [], seq: 2 }).seq).toBe(4);
  });
});

describe("a full load of a group's list during a write", () => {
  afterEach(() => endTaskWrite("a"));

  it("keeps the task being written as shown, and hands the loaded version to the write's answer", () => {
    const onScreen = task("a", { completed: false, updatedAt: "2026-01-01T00:00:03.000Z" });
    const loadedLater = task("a", {
      completed: true,
      title: "edited elsewhere",
      updatedAt: "2026-01-01T00:00:04.000Z",
    });
    beginTaskWrite("a");
    const kept = keepTasksBeingWritten([loadedLater, task("b", { title: "B!" })], [onScreen, task("b")]);
    expect(kept.map((t) => `${t.id}:${t.title}:${t.completed}`)).toEqual(["a:a:false", "b:B!:false"]);
    // The write's answer is older than what the load saw: the newer one is shown when it lands.
    const answer = task("a", { completed: false, updatedAt: "2026-01-01T00:00:03.500Z" });
    expect(settledVersion(answer).title).toBe("edited elsewhere");
  });

  it("takes every loaded task as it is when nothing is being written", () => {
    const loaded = [task("a", { title: "server" })];
    expect(keepTasksBeingWritten(loaded, [task("a")])).toEqual(loaded);
  });
});

describe("answers of two writes of one task in flight together", () => {
  it("shows neither the first answer over the second write's change, nor anything older than the last", () => {
    // A subtask was being added when the user ticked another one: two writes of task "a".
    beginTaskWrite("a");
    beginTaskWrite("a");
    const addAnswered = task("a", { title: "added", completed: false, updatedAt: "2026-01-01T00:00:05.000Z" });
    endTaskWrite("a");
    // The tick is still on its way: the add's answer (without the tick) must not replace the screen.
    expect(versionToShow(addAnswered)).toBeNull();
    const tickAnswered = task("a", { title: "added", completed: true, updatedAt: "2026-01-01T00:00:06.000Z" });
    endTaskWrite("a");
    expect(versionToShow(tickAnswered)).toEqual(tickAnswered);
  });

  it("keeps the newest when the answers come back in the other order", () => {
    beginTaskWrite("a");
    beginTaskWrite("a");
    const newer = task("a", { title: "newer", updatedAt: "2026-01-01T00:00:08.000Z" });
    endTaskWrite("a");
    expect(versionToShow(newer)).toBeNull();
    endTaskWrite("a");
    expect(versionToShow(task("a", { title: "older", updatedAt: "2026-01-01T00:00:07.000Z" }))?.title).toBe("newer");
  });
});

describe("task caches", () => {
  let client: QueryClient;
  afterEach(() => {
    vi.unstubAllGlobals();
    client.clear();
  });

  it("puts a task into the lists of the groups that see it and takes it out of the others", () => {
    client = new QueryClient();
    client.setQueryData(taskKeys.group("g"), { tasks: [task("a")], seq: 1 });
    client.setQueryData(taskKeys.group("h"), { tasks: [task("a", { sharedWithGroups: ["h"] })], seq: 1 });
    client.setQueryData(taskKeys.one("a"), task("a"));
    upsertTaskInCaches(client, task("a", { title: "renamed" }));
    expect(client.getQueryData<GroupTaskList>(taskKeys.group("g"))!.tasks[0]!.title).toBe("renamed");
    // No longer shared with h: it leaves h's list.
    expect(client.getQueryData<GroupTaskList>(taskKeys.group("h"))!.tasks).toEqual([]);
    expect(client.getQueryData<Task>(taskKeys.one("a"))!.title).toBe("renamed");
    removeTaskFromCaches(client, "a");
    expect(client.getQueryData<GroupTaskList>(taskKeys.group("g"))!.tasks).toEqual([]);
  });

  it("catches up from the seq it has, once per event, and skips events it has already seen", async () => {
    client = new QueryClient();
    client.setQueryData(taskKeys.group("g"), { tasks: [task("a"), task("b")], seq: 3 });
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe("/api/groups/g/tasks?since=3");
      return new Response(JSON.stringify({ tasks: [task("c")], removedTaskIds: ["a"], seq: 5 }), {
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetch);
    await Promise.all([catchUpGroup(client, "g", 4), catchUpGroup(client, "g", 5)]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const list = client.getQueryData<GroupTaskList>(taskKeys.group("g"))!;
    expect(list.tasks.map((t) => t.id)).toEqual(["b", "c"]);
    expect(list.seq).toBe(5);
    await catchUpGroup(client, "g", 5);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("brings what a catch-up read into the list of every task too, removals aside", async () => {
    client = new QueryClient();
    client.setQueryData(taskKeys.group("g"), { tasks: [task("a"), task("b")], seq: 3 });
    client.setQueryData(allTasksKey, [task("a"), task("b"), task("elsewhere", { groupId: "h" })]);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ tasks: [task("b", { title: "renamed" }), task("c")], removedTaskIds: ["a"], seq: 4 }),
            { headers: { "content-type": "application/json" } },
          ),
      ),
    );
    await catchUpGroup(client, "g", 4);
    const all = client.getQueryData<Task[]>(allTasksKey)!;
    expect(all.map((t) => [t.id, t.title])).toEqual([
      // Gone from this group, maybe still seen through another: the list's own refetch decides.
      ["a", task("a").title],
      ["b", "renamed"],
      ["elsewhere", task("elsewhere").title],
      ["c", task("c").title],
    ]);
  });

  it("leaves a task being written alone while its write is in flight", async () => {
    client = new QueryClient();
    client.setQueryData(taskKeys.group("g"), { tasks: [task("a", { completed: true })], seq: 1 });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ tasks: [task("a", { completed: false })], removedTaskIds: [], seq: 2 }), {
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    beginTaskWrite("a");
    await catchUpGroup(client, "g", 2);
    endTaskWrite("a");
    expect(client.getQueryData<GroupTaskList>(taskKeys.group("g"))!.tasks[0]!.completed).toBe(true);
  });
});

describe("a full load of a list while a task added here is not on the server yet", () => {
  it("keeps the task added here, once, after the loaded ones, and drops it once the server lists it", () => {
    const queued: CachedTask = { ...task("new", { title: "Thought of on the train" }), offline: true };
    const sending: CachedTask = { ...task("sending"), unsaved: true };
    const loaded = [task("a", { title: "server" })];
    const shown = withLocalTasks(loaded, [task("a"), queued, sending, queued]);
    expect(shown.map((t) => t.id)).toEqual(["a", "new", "sending"]);
    expect(shown[0]!.title).toBe("server");
    expect(withLocalTasks([task("new", { title: "saved" })], [queued]).map((t) => t.title)).toEqual(["saved"]);
  });

  it("drops a task that only ever came from the server when the server no longer lists it", () => {
    expect(withLocalTasks([], [task("gone")])).toEqual([]);
  });
});
