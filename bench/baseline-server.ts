/**
 * Benchmark baseline: a bare Fastify process with the logger off. It is the ceiling our app is
 * compared against, measured in the same run on the same machine. Prints {"port":N} when ready.
 *
 * - GET / : hello-world.
 * - GET /tasks : when BENCH_TASK_LIST_FILE names a JSON file (a group's task list as our API
 *   answered it), that same object, held in memory and serialised on every request as a bare
 *   Fastify route does (no schema, no database, no hooks).
 * - GET /all-tasks : the same for BENCH_ALL_TASKS_FILE, all of a user's tasks as GET /api/tasks answered.
 */
import fs from "node:fs";
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

const taskListFile = process.env.BENCH_TASK_LIST_FILE;
if (taskListFile) {
  const taskList: unknown = JSON.parse(fs.readFileSync(taskListFile, "utf8"));
  app.get("/tasks", async () => taskList);
}
const allTasksFile = process.env.BENCH_ALL_TASKS_FILE;
if (allTasksFile) {
  const allTasks: unknown = JSON.parse(fs.readFileSync(allTasksFile, "utf8"));
  app.get("/all-tasks", async () => allTasks);
}

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (address === null || typeof address === "string") throw new Error("expected a TCP address");
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
