/**
 * Task analysis on a big group (module task-analysis, docs/analysis.md): how long a group's
 * analysis and one task's analyze-task take on a SQLite group of 5 000 tasks, 5 members, 20 000
 * time entries and 2 000 estimates, against the group's task list read in the same run (the
 * baseline: the request every page of the group makes, over the same rows).
 * Run alone: `npx tsx bench/analysis.ts`. Requests go one at a time over real HTTP to the app
 * started in this process (latency, not throughput: nothing else is running).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/env.js";
import "../server/modules/task-delegation/time-tracking/tables.js";
import { freePort } from "../tests/helpers/free-port.js";
import type { HttpClient } from "../tests/helpers/http-client.js";
import { signUp } from "../tests/helpers/sign-in.js";

const TASKS = 5_000;
const MEMBERS = 5;
const ENTRIES = 20_000;
const ESTIMATES = 2_000;
const ROUNDS = 30;
const DAY = 86_400_000;
const WORDS = ["clean", "kitchen", "report", "garden", "invoice", "call", "plan", "review", "buy", "fix", "paint"];
const CATEGORIES = ["work", "personal", "shopping", "group", "other"];

/** Milliseconds per request: median and 95th percentile of ROUNDS requests after two to warm up. */
async function timeRequests(send: () => Promise<Response>): Promise<{ median: number; p95: number }> {
  for (let warm = 0; warm < 2; warm += 1) await (await send()).arrayBuffer();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(ROUNDS / 2)]!, p95: times[Math.floor(ROUNDS * 0.95)]! };
}

async function main(): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-analysis-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "1000000",
    SIGN_UP_LIMIT: "100000",
  });
  const app = await buildApp({ config });
  await app.listen({ port, host: "localhost" });
  try {
    const owner = await signUp(baseUrl, "Bench Owner");
    const client: HttpClient = owner.client;
    const groupId = (
      (await (await client.request("/api/groups", { json: { name: "Big family", type: "family" } })).json()) as {
        id: string;
      }
    ).id;
    const members = [owner.id];
    for (let index = 1; index < MEMBERS; index += 1) members.push((await signUp(baseUrl, `Bench Member ${index}`)).id);
    const { db } = app.deps.database;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    await db
      .insertInto("group_members")
      .values(
        members
          .slice(1)
          .map((userId) => ({ group_id: groupId, user_id: userId, role: "member" as const, joined_at: at(200) })),
      )
      .execute();

    const taskIds: string[] = [];
    const rows = Array.from({ length: TASKS }, (_, index) => {
      const id = `${groupId.slice(0, 8)}-b${String(index).padStart(9, "0")}`;
      taskIds.push(id);
      const completed = index % 3 !== 0;
      const age = (index * 7) % 180;
      return {
        id,
        group_id: groupId,
        title: `${WORDS[index % WORDS.length]} ${WORDS[(index * 3) % WORDS.length]} ${index}`,
        completed: completed ? (1 as const) : (0 as const),
        completed_at: completed ? at(Math.max(0, age - 3)) : null,
        deadline: index % 4 === 0 ? new Date(now - (age - 10) * DAY).toISOString().slice(0, 10) : null,
        deadline_time_zone: "UTC",
        repeat_rule: null,
        priority: "medium" as const,
        category: CATEGORIES[index % CATEGORIES.length]!,
        owner_id: members[index % MEMBERS]!,
        locked: 0 as const,
        notes: "",
        sort_order: index,
        created_at: at(age),
        updated_at: at(Math.max(0, age - 5)),
      };
    });
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto("tasks")
        .values(rows.slice(start, start + 500))
        .execute();
    const entries = Array.from({ length: ENTRIES }, (_, index) => {
      const started = now - ((index * 13) % 180) * DAY - (index % 24) * 3_600_000;
      return {
        id: randomUUID(),
        user_id: members[index % MEMBERS]!,
        task_id: taskIds[index % TASKS]!,
        started_at: new Date(started).toISOString(),
        ended_at: new Date(started + (15 + (index % 90)) * 60_000).toISOString(),
        note: null,
        created_at: at(0),
        updated_at: at(0),
      };
    });
    for (let start = 0; start < entries.length; start += 500)
      await db
        .insertInto("time_entries")
        .values(entries.slice(start, start + 500))
        .execute();
    const estimates = taskIds.slice(0, ESTIMATES).map((taskId, index) => ({
      task_id: taskId,
      minutes: 30 + (index % 60),
      updated_by: owner.id,
      updated_at: at(0),
    }));
    for (let start = 0; start < estimates.length; start += 500)
      await db
        .insertInto("task_estimates")
        .values(estimates.slice(start, start + 500))
        .execute();

    const list = await timeRequests(() => client.request(`/api/groups/${groupId}/tasks`));
    const analysis4 = await timeRequests(() =>
      client.request(`/api/groups/${groupId}/analysis?weeks=4&tz=Europe/Berlin`),
    );
    const analysis26 = await timeRequests(() =>
      client.request(`/api/groups/${groupId}/analysis?weeks=26&tz=Europe/Berlin`),
    );
    const member = await timeRequests(() =>
      client.request(`/api/groups/${groupId}/analysis?weeks=26&tz=UTC&member=${members[1]}`),
    );
    const task = await timeRequests(() => client.request("/api/analyze-task", { json: { taskId: taskIds[42] } }));

    const line = (name: string, result: { median: number; p95: number }) =>
      console.log(
        `  ${name.padEnd(38)} median ${result.median.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  ratio ${(result.median / list.median).toFixed(2)}`,
      );
    console.log(
      `Task analysis on SQLite: ${TASKS} tasks, ${MEMBERS} members, ${ENTRIES} time entries, ${ESTIMATES} estimates (${ROUNDS} requests each)`,
    );
    line("baseline: the group's task list", list);
    line("analysis, 4 weeks", analysis4);
    line("analysis, 26 weeks", analysis26);
    line("analysis, 26 weeks, one member", member);
    line("analyze-task", task);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
