import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../server/env.js";
import { precompress } from "./precompress.js";

/** Everything the web build reads; a change to any of them makes dist/web stale. */
const SOURCES = [
  "web",
  "domain",
  "content",
  "vite.config.ts",
  "scripts/vite-plugin-content.ts",
  "scripts/vite-plugin-preload-map.ts",
  "scripts/prerender.ts",
  "server/content",
  "scripts/vite-plugin-icons.ts",
  "scripts/web-manifest.ts",
  "scripts/precompress.ts",
  "package-lock.json",
];
const STAMP = path.join(PROJECT_ROOT, "dist", "web", ".build-stamp");

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

export function webBuildIsStale(): boolean {
  const built = fs.statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return SOURCES.some((source) => newestMtime(path.join(PROJECT_ROOT, source)) > built);
}

/** Builds the web app into dist/web and records when, so `npm start` knows it is current. */
export function buildWeb(): void {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "node_modules", "vite", "bin", "vite.js"), "build"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    // Always the production bundle: a NODE_ENV=test or development inherited from a test runner or
    // shell would otherwise give development React and the developer error page.
    env: { ...process.env, NODE_ENV: "production" },
  });
  // The public pages' HTML, rendered from the same code (scripts/prerender.ts).
  execFileSync(
    process.execPath,
    [
      path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(PROJECT_ROOT, "scripts", "prerender.ts"),
    ],
    { cwd: PROJECT_ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  const { files, before, after } = precompress(path.join(PROJECT_ROOT, "dist", "web"));
  console.log(
    `precompressed ${files} files: ${Math.round(before / 1024)} kB → ${Math.round(after / 1024)} kB (brotli)`,
  );
  fs.writeFileSync(STAMP, new Date().toISOString());
}

/** Builds the web app when a source changed since the last build; returns whether it built. */
export function buildWebIfStale(): boolean {
  if (!webBuildIsStale()) return false;
  buildWeb();
  return true;
}
