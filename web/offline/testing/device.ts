// IndexedDB in memory, installed before Dexie loads (it looks for IndexedDB once, when loaded).
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, beforeEach, vi } from "vitest";
import type { QueueLock } from "../queue-lock";
import { type FakeTaskApi, fakeTaskApi } from "./fake-task-api";

/**
 * One browser for unit tests of the offline layer, in a single Node process: its IndexedDB (in
 * memory), its queue lock (in-process), its network to a task API, and its tabs. Each tab, and each
 * reload, has its own copy of the web modules, as a page has, so the queue's and the restore's
 * once-per-page state starts afresh.
 */

/** A lock for the tabs of this process: one holder at a time, the next in the order they asked. */
function inProcessLock(): QueueLock {
  let last: Promise<void> = Promise.resolve();
  return {
    run(work) {
      const turn = last.then(work);
      last = turn.catch(() => undefined);
      return turn;
    },
  };
}

const databases: (() => Promise<Dexie>)[] = [];

/** Opens a tab (or reloads one): the page's own modules, over the one IndexedDB, sending under `lock`. */
async function openTab(lock: QueueLock) {
  vi.resetModules();
  const queue = await import("../queue");
  queue.setQueueLock(lock);
  const db = await import("../db");
  databases.push(db.offlineDb);
  return {
    queue,
    db,
    persist: await import("../persist"),
    deviceData: await import("../device-data"),
    taskActions: await import("../../scenes/tasks/task-actions"),
  };
}

export type Tab = Awaited<ReturnType<typeof openTab>>;

/**
 * A browser that never ran the app: its IndexedDB database is gone, and the tabs of earlier tests
 * are closed (a closed Dexie stays closed: they cannot write into the next test's database).
 */
async function forgetDevice(): Promise<void> {
  for (const database of databases.splice(0)) (await database()).close();
  await Dexie.delete("tandem");
}

/**
 * Each test of the calling file on a new browser, online, whose clock (setTimeout and Date) the
 * test moves; IndexedDB keeps its real one (setImmediate).
 */
export function browserForEachTest() {
  const browser = {
    api: fakeTaskApi(),
    lock: inProcessLock(),
    openTab: () => openTab(browser.lock),
    /** The browser's online flag, which the queue reads, and the network itself. */
    setOnline(online: boolean) {
      vi.stubGlobal("navigator", { onLine: online });
      browser.api.setReachable(online);
    },
  };
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    await forgetDevice();
    browser.api = fakeTaskApi();
    browser.lock = inProcessLock();
    vi.stubGlobal("fetch", (...args: Parameters<FakeTaskApi["fetch"]>) => browser.api.fetch(...args));
    browser.setOnline(true);
  });
  afterEach(() => {
    // A tab's retry timer must not send in the next test.
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return browser;
}
