import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { freePort } from "../../tests/helpers/free-port.js";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/env.js";
import { buildWebIfStale } from "../../scripts/web-build.js";
import { chromiumAvailable, CHROMIUM_PATH, launchChromiumServer } from "./chromium.js";
import { startEmbedHost } from "./embed-host.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    embedHostUrl: string;
    /** The suite's one Chromium, which each file connects to. */
    chromiumEndpoint: string;
  }
}

/**
 * Builds the web app if needed, starts the real server on a free port with a fresh SQLite file, and
 * starts the Chromium that every test file drives (a context per test).
 * A second tiny server on another origin (127.0.0.1 vs localhost) hosts a page that embeds the app.
 */
export default async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium).`,
    );
  }
  buildWebIfStale();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-e2e-"));
  const embedHost = await startEmbedHost();
  // Sign-in redirects go to the public URL, so it must name the port the server will listen on.
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    // The cheapest password hash a test server may use (server/env.ts).
    PASSWORD_HASH_COST: "10",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    // Every browser test comes from this one address; the limit itself is tested in integration.
    RATE_LIMIT_MAX: "100000",
    // Most browser tests sign someone up on this server, more than 30 in a quarter of an hour.
    SIGN_UP_LIMIT: "100000",
    // Outside calendars are served to the tests from this machine, which the server refuses by default.
    CALENDAR_ALLOW_PRIVATE_URLS: "127.0.0.1/32",
    EMBED_PARENT_ORIGIN: embedHost.origin,
    FRAME_ANCESTORS: `'self' ${embedHost.origin}`,
  });
  const app: FastifyInstance = await buildApp({ config });
  await app.listen({ port, host: "localhost" });

  const chromium = await launchChromiumServer();

  project.provide("baseUrl", baseUrl);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  project.provide("embedHostUrl", embedHost.origin);

  return async () => {
    await chromium.close();
    await app.close();
    await embedHost.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
