import autocannon from "autocannon";
import { spawn } from "node:child_process";
import readline from "node:readline";
import { prepareTaskFixture } from "./task-fixture.js";
const target = process.argv[2] ?? "read";
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/prof", "--import", "tsx", "bench/app-server.ts"], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
const port: number = await new Promise((res) => readline.createInterface({ input: child.stdout! }).on("line", (l) => { try { res(JSON.parse(l).port); } catch {} }));
const base = `http://127.0.0.1:${port}`;
const f = await prepareTaskFixture(base, 200);
const bearer = { authorization: `Bearer ${f.token}`, "content-type": "application/json" };
const loads: Record<string, autocannon.Options> = {
  read: { url: `${base}/api/tasks/${f.readTaskId}`, headers: bearer },
  list: { url: `${base}/api/groups/${f.listGroupId}/tasks`, headers: bearer },
  health: { url: `${base}/api/healthz` },
  create: { url: `${base}/api/tasks`, method: "POST", headers: bearer, body: JSON.stringify({ groupId: f.personalGroupId, title: "B [<id>]" }), idReplacement: true },
  update: { url: `${base}/api/tasks/${f.editTaskId}`, method: "PATCH", headers: bearer, body: JSON.stringify({ title: "R [<id>]" }), idReplacement: true },
};
if (process.env.NOALS) { child.kill("SIGUSR2"); await new Promise((r) => setTimeout(r, 500)); }
const r = await autocannon({ ...loads[target]!, connections: 50, duration: Number(process.env.D ?? 6) });
console.log(target, r.requests.average, "req/s", "non2xx", r.non2xx);
child.kill("SIGINT");
await new Promise((res) => child.once("exit", res));
