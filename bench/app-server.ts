/**
 * Benchmark target: our real app (buildApp from server/app.ts) on a fresh SQLite database in a
 * temporary DATA_DIR, LOG_LEVEL=warn, on 127.0.0.1 and a free port. Prints {"port":N} when ready
 * and removes the temporary directory on SIGTERM/SIGINT.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app.js";
import { loadConfig } from "../server/env.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-"));
const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

// Only these variables: a developer's DATABASE_URL or RATE_LIMIT_* must not change what is measured.
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  PORT: "0",
  HOST: "127.0.0.1",
});

let app;
try {
  app = await buildApp({ config });
  await app.listen({ port: 0, host: "127.0.0.1" });
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
