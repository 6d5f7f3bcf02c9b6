/**
 * Lighthouse is this folder's own package, not a dependency of the project: it brings about 200
 * packages for a benchmark that CI never runs. `npm run bench:lighthouse` installs it here
 * (npm install --prefix) on its first run, and again whenever this folder's package.json or
 * package-lock.json changes, then loads bench/lighthouse/audit.ts, the only code that imports it.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AuditPage } from "./results.js";

const PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));
const MODULES_DIR = path.join(PACKAGE_DIR, "node_modules");
/** Written after a successful install: the fingerprint of the package files it installed. */
const STAMP = path.join(MODULES_DIR, ".installed-from");

/** What the install depends on: a change to either file means node_modules is out of date. */
function fingerprint(): string {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) {
    const full = path.join(PACKAGE_DIR, file);
    hash.update(`${file}\n`).update(fs.existsSync(full) ? fs.readFileSync(full) : "(none)");
  }
  return hash.digest("hex");
}

function installedFingerprint(): string | null {
  return fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8").trim() : null;
}

function install(): void {
  const firstRun = !fs.existsSync(MODULES_DIR);
  const relative = path.relative(process.cwd(), PACKAGE_DIR) || ".";
  console.log(
    firstRun
      ? `installing Lighthouse for the first run (npm install --prefix ${relative}; about 200 packages, once)…`
      : `Lighthouse's package files changed since it was installed: updating it (npm install --prefix ${relative})…`,
  );
  const startedAt = Date.now();
  // npm is npm.cmd on Windows, which only a shell runs.
  execFileSync("npm", ["install", "--prefix", PACKAGE_DIR, "--no-audit", "--no-fund"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  // Fingerprint after the install: npm rewrites the lockfile when package.json asked for a change.
  fs.writeFileSync(STAMP, `${fingerprint()}\n`);
  console.log(`Lighthouse installed in ${Math.round((Date.now() - startedAt) / 1000)} s`);
}

/** Installs Lighthouse when it is missing or out of date, then loads the audit that uses it. */
export async function installedLighthouse(): Promise<AuditPage> {
  if (installedFingerprint() !== fingerprint()) install();
  // A computed specifier, so the project's typecheck does not follow it into code that needs Lighthouse's types.
  const audit = (await import(pathToFileURL(path.join(PACKAGE_DIR, "audit.ts")).href)) as { auditPage: AuditPage };
  return audit.auditPage;
}
