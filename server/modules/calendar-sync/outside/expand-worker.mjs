// Expands outside calendars off the main thread (expand-pool.ts says why). Plain JavaScript, so it
// starts the same under tsx, vitest and node; it loads expand.ts through tsx's loader, which the
// server already runs under, registered here because a worker started by vitest has none.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { expandCalendar } = await import("./expand.ts");

parentPort?.on("message", ({ id, texts, range, budget }) => {
  try {
    const events = [];
    for (const text of texts) events.push(...expandCalendar(text, range, budget));
    parentPort?.postMessage({ id, events, budget });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
