import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../server/env.js";
import { precompress } from "./precompress.js";
import { inputsOf } from "./web-build-inputs.js";

/** When dist/web was last built: written once a build is complete. */
function stampOf(root: string): string {
  return path.join(root, "dist", "web", ".build-stamp");
}

/** Whether an input of the web build (scripts/web-build-inputs.ts) changed since the last build. */
export function webBuildIsStale(root = PROJECT_ROOT): boolean {
  const built = fs.statSync(stampOf(root), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  for (const input of inputsOf(root)) {
    if ((fs.statSync(input, { throwIfNoEntry: false })?.mtimeMs ?? 0) > built) return true;
  }
  return false;
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
  fs.writeFileSync(stampOf(PROJECT_ROOT), new Date().toISOString());
}

/** Builds the web app when a source changed since the last build; returns whether it built. */
export function buildWebIfStale(): boolean {
  if (!webBuildIsStale()) return false;
  buildWeb();
  return true;
}
