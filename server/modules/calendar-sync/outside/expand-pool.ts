import { Worker } from "node:worker_threads";
import type { ExpandBudget, ExpandedEvent, ExpandRange } from "./expand.js";

/**
 * Outside calendars are expanded on worker threads: ical.js can search for ever inside one step
 * for a rule the checks in expand.ts do not catch, and on the main thread that would stop every
 * request. A job past its deadline has its worker terminated (the only way to stop a thread in a
 * loop); the caller is told, and the next job gets a new worker. At most POOL_SIZE run at once,
 * the rest wait their turn. A job's deadline counts from when it was asked, waiting included: a
 * queue behind slow calendars gives its requests up in time instead of growing without end.
 */

/** Twice what a calendar at the caps (5,000 events) takes to read on a busy two-core machine. */
export const EXPAND_TIMEOUT_MS = 10_000;
const POOL_SIZE = 2;
/** An idle worker is stopped: it holds ical.js and the zone data in its own heap. */
const IDLE_MS = 60_000;

type Answer = { id: number; error: string } | { id: number; events: ExpandedEvent[]; budget: ExpandBudget };

export class ExpandTimeoutError extends Error {
  constructor() {
    super("The calendar took too long to read");
  }
}

interface Job {
  id: number;
  texts: string[];
  range: ExpandRange;
  budget: ExpandBudget;
  /** Date.now() past which the job is given up, waiting or running. */
  deadline: number;
  /** While it waits: gives it up at its deadline. */
  waiting: NodeJS.Timeout | null;
  resolve(value: { events: ExpandedEvent[]; budget: ExpandBudget }): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

const threads = new Set<Thread>();
const queue: Job[] = [];
let nextId = 0;

/** The next waiting job, its wait over. */
function nextWaiting(): Job | undefined {
  const job = queue.shift();
  if (job?.waiting) clearTimeout(job.waiting);
  return job;
}

function finish(thread: Thread): void {
  if (thread.timer) clearTimeout(thread.timer);
  thread.timer = null;
  thread.job = null;
  const waiting = nextWaiting();
  if (waiting) {
    run(thread, waiting);
    return;
  }
  thread.worker.unref();
  thread.idle = setTimeout(() => stop(thread, new Error("idle")), IDLE_MS).unref();
}

/** Stops a worker and fails its job; a waiting job gets a new worker. */
function stop(thread: Thread, error: Error): void {
  if (!threads.delete(thread)) return;
  if (thread.timer) clearTimeout(thread.timer);
  if (thread.idle) clearTimeout(thread.idle);
  const job = thread.job;
  thread.job = null;
  job?.reject(error);
  void thread.worker.terminate();
  const waiting = nextWaiting();
  if (waiting) start(waiting);
}

function run(thread: Thread, job: Job): void {
  if (thread.idle) clearTimeout(thread.idle);
  thread.idle = null;
  thread.job = job;
  thread.worker.ref();
  thread.timer = setTimeout(() => stop(thread, new ExpandTimeoutError()), Math.max(0, job.deadline - Date.now()));
  thread.worker.postMessage({ id: job.id, texts: job.texts, range: job.range, budget: job.budget });
}

/** A new worker for the job (Node refs a worker again when a listener is added, so ref/unref follow). */
function start(job: Job): void {
  const worker = new Worker(new URL("./expand-worker.mjs", import.meta.url));
  const thread: Thread = { worker, job: null, timer: null, idle: null };
  threads.add(thread);
  worker.on("message", (answer: Answer) => {
    const job = thread.job;
    if (!job || job.id !== answer.id) return;
    if ("error" in answer) job.reject(new Error(answer.error));
    else job.resolve({ events: answer.events, budget: answer.budget });
    finish(thread);
  });
  worker.on("error", (error) => stop(thread, error));
  worker.on("exit", (code) => stop(thread, new Error(`The calendar reader stopped (${code})`)));
  run(thread, job);
}

/**
 * One calendar's texts expanded in the range on a worker thread. `budget` is what the request may
 * still spend; the answer carries what is left. Rejects with ExpandTimeoutError past `timeoutMs`.
 */
export function expandOnWorker(
  texts: string[],
  range: ExpandRange,
  budget: ExpandBudget,
  timeoutMs: number = EXPAND_TIMEOUT_MS,
): Promise<{ events: ExpandedEvent[]; budget: ExpandBudget }> {
  return new Promise((resolve, reject) => {
    const job: Job = {
      id: ++nextId,
      texts,
      range,
      budget,
      deadline: Date.now() + timeoutMs,
      waiting: null,
      resolve,
      reject,
    };
    const idle = [...threads].find((thread) => thread.job === null);
    if (idle) run(idle, job);
    else if (threads.size < POOL_SIZE) start(job);
    else {
      job.waiting = setTimeout(() => {
        queue.splice(queue.indexOf(job), 1);
        reject(new ExpandTimeoutError());
      }, timeoutMs);
      queue.push(job);
    }
  });
}

/** Workers running or idle (tests check the pool stays bounded and recovers). */
export function expandWorkerCount(): number {
  return threads.size;
}
