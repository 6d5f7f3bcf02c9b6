/**
 * `npm run dev`: the API server with restart on change (PORT, default 3000) and Vite's dev server with
 * hot reload (http://localhost:5173, forwarding /api to the server). Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../server/env.js";

const bin = (name: string) => path.join(PROJECT_ROOT, "node_modules", ".bin", name);
const env = { ...process.env, NODE_ENV: "development" };

const children: ChildProcess[] = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], { cwd: PROJECT_ROOT, env, stdio: "inherit" }),
  spawn(bin("vite"), [], { cwd: PROJECT_ROOT, env, stdio: "inherit" }),
];

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}

for (const child of children) child.on("exit", (code) => stopAll(code ?? 0));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
