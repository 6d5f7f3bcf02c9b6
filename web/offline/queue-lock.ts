/**
 * The offline queue's lock: while one context (a tab, or the service worker) sends the queue, no
 * other does, so no change goes out twice at once. The queue takes Web Locks unless it is given
 * another lock (setQueueLock in queue.ts): the unit tests run several tabs' queues in one process.
 */
export interface QueueLock {
  /** Runs `work` once this context holds the lock, and lets go of the lock when `work` settles. */
  run(work: () => Promise<void>): Promise<void>;
}

const LOCK_NAME = "tandem-offline-queue";

/**
 * Web Locks: one lock for every tab and the service worker of the origin, let go of when the
 * context holding it closes. A browser without them sends without one.
 */
export const webLock: QueueLock = {
  async run(work) {
    if (typeof navigator !== "undefined" && "locks" in navigator) {
      await navigator.locks.request(LOCK_NAME, work);
    } else {
      await work();
    }
  },
};
