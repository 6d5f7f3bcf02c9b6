import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../server/env.js";
import { describeEachDialect } from "../helpers/databases.js";

/**
 * Exactly what `npm start` runs (package.json), with this Node: one process with tsx's loader.
 * tsx's own command line ran the server in a child and, when the child did not answer a relayed
 * SIGTERM within 30 ms (a busy machine), killed it outright, so the graceful stop never ran (exit 143).
 */
const [startCommand, ...START_ARGS] = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start.split(" ");
if (startCommand !== "node") throw new Error(`npm start runs ${startCommand}, not one Node process`);
const children: ChildProcess[] = [];
const dirs: string[] = [];

function startMain(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-main-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, START_ARGS, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  // Tests of refused start-ups never await `listening`; its rejection is expected there.
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => ({ stdout, stderr }) };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A child process that compiles the whole server through tsx before it listens: on a loaded
 * two-core machine (the browser suite beside it) that alone took over 30 s once.
 */
const COLD_START_TIMEOUT_MS = 90_000;

describeEachDialect("server/main.ts", (dialect, createDatabase) => {
  it("migrates, serves, and shuts down cleanly on SIGTERM", { timeout: COLD_START_TIMEOUT_MS }, async () => {
    const database = await createDatabase();
    try {
      const env: Record<string, string> =
        database.config.kind === "postgres" ? { DATABASE_URL: database.config.url } : {};
      const server = startMain(env);
      const baseUrl = await server.listening;
      const health = await fetch(`${baseUrl}/api/healthz`);
      expect(await health.json()).toMatchObject({ status: "ok", database: { dialect } });

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output().stdout).toContain("shutting down");
    } finally {
      await database.drop();
    }
  });
});

it.each([
  ["PORT", "abc", /PORT must be a number/],
  ["PORT", "70000", /PORT must be between 0 and 65535/],
  ["DATABASE_URL", "mysql://db/app", /DATABASE_URL must start with postgres:\/\//],
  ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
  ["EMBED_PARENT_ORIGIN", "https://example.org/path", /EMBED_PARENT_ORIGIN must be an origin only/],
])("refuses to start when %s=%s, with one line naming the variable", async (name, value, pattern) => {
  const server = startMain({ [name]: value });
  expect(await server.exited).toBe(1);
  const lines = server.output().stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]).toContain(JSON.stringify(value));
});
