/**
 * Benchmark target: our real app (buildApp from server/app.ts) on a fresh SQLite database in a
 * temporary DATA_DIR, LOG_LEVEL=warn, on 127.0.0.1 and a free port. Prints {"port":N} when ready
 * and removes the temporary directory on SIGTERM/SIGINT.
 *
 * BENCH_DATA_DIR names a directory the bench owns instead (kept on exit: the floor server reads the
 * same SQLite file afterwards); BENCH_DATABASE_URL a fresh PostgreSQL database to use instead of SQLite.
 *
 * The per-address rate limit stays on (its hook is part of what every request costs) but with a
 * ceiling the load generator cannot reach: every request of a benchmark comes from one address,
 * and a limit that answers 429 would measure the limiter instead of the route.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/env.js";
import { freePort } from "../tests/helpers/free-port.js";

const givenDataDir = process.env.BENCH_DATA_DIR;
const dataDir = givenDataDir || fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-"));
const removeDataDir = () => {
  if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
};
const databaseUrl = process.env.BENCH_DATABASE_URL;

// The public URL must name the real port (the built-in sign-in redirects there), so the port is chosen first.
const port = await freePort();
// Only these variables: a developer's DATABASE_URL or RATE_LIMIT_* must not change what is measured.
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  RATE_LIMIT_MAX: "1000000000",
  ...(databaseUrl && { DATABASE_URL: databaseUrl }),
});

let app;
try {
  app = await buildApp({ config });
  await app.listen({ port, host: "127.0.0.1" });
} catch (error) {
  removeDataDir();
  throw error;
}
const address = app.server.address();
if (address === null || typeof address === "string") throw new Error("expected a TCP address");
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const finish = (code: number) => {
    removeDataDir();
    process.exit(code);
  };
  app.close().then(
    () => finish(0),
    () => finish(1),
  );
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
