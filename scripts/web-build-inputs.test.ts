import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../server/env.js";
import { webBuildInputs } from "./web-build-inputs.js";
import { webBuildIsStale } from "./web-build.js";

/** Every Vite plugin and helper the build runs, as the project has them now. */
const BUILD_SCRIPTS = fs
  .readdirSync(path.join(PROJECT_ROOT, "scripts"))
  .filter((name) => /^vite-plugin-.*\.ts$/.test(name) && !name.endsWith(".test.ts"))
  .concat(["page-modules.ts", "web-manifest.ts", "prerender.ts", "precompress.ts", "web-build.ts"])
  .map((name) => `scripts/${name}`);

const INPUTS = [
  ...BUILD_SCRIPTS,
  "vite.config.ts",
  "package-lock.json",
  "tsconfig.json",
  "server/content/site-content.ts",
  "web/index.html",
  "web/public/favicon.svg",
  "web/main.tsx",
  "domain/pages.ts",
  "content/blog/notifications-with-quiet-hours.md",
];

describe("the web build's inputs", () => {
  it("are every file the build reads, found from its code: the Vite plugins and what they import too", () => {
    const inputs = webBuildInputs(PROJECT_ROOT).map((file) => path.relative(PROJECT_ROOT, file));
    expect(BUILD_SCRIPTS).toEqual(
      expect.arrayContaining(["scripts/vite-plugin-chunk-groups.ts", "scripts/vite-plugin-worker-dexie.ts"]),
    );
    expect(inputs).toEqual(expect.arrayContaining(INPUTS));
    // Not read by any build: the dev and test runners, and tests.
    for (const other of ["scripts/dev.ts", "scripts/test.ts", "scripts/web-build-inputs.test.ts", "server/app.ts"]) {
      expect(inputs).not.toContain(other);
    }
    expect(inputs.filter((file) => /\.test\.tsx?$/.test(file))).toEqual([]);
  });

  describe("make the build stale when they change (in a copy of the project)", () => {
    let root: string;
    const longAgo = new Date(Date.now() - 3_600_000);
    const builtAt = new Date(longAgo.getTime() + 60_000);
    const touch = (file: string) => fs.utimesSync(file, new Date(), new Date());
    const untouch = (file: string) => fs.utimesSync(file, longAgo, longAgo);

    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-build-inputs-"));
      for (const name of ["web", "domain", "content", "scripts", "server"]) {
        fs.cpSync(path.join(PROJECT_ROOT, name), path.join(root, name), { recursive: true });
      }
      for (const name of ["vite.config.ts", "package.json", "package-lock.json", "tsconfig.json"]) {
        fs.copyFileSync(path.join(PROJECT_ROOT, name), path.join(root, name));
      }
      fs.mkdirSync(path.join(root, "dist", "web"), { recursive: true });
      const stamp = path.join(root, "dist", "web", ".build-stamp");
      fs.writeFileSync(stamp, "");
      for (const input of webBuildInputs(root)) untouch(input);
      fs.utimesSync(stamp, builtAt, builtAt);
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    // A dozen looks at the inputs, most stopping at the changed one; the three that find nothing
    // newer read them all (about 0.2 s each on a quiet machine, many times that on a loaded one).
    it("each input, and a file deleted from a folder of the app", () => {
      expect(webBuildIsStale(root)).toBe(false);
      // The ones a hand-made list once missed, and one of each kind.
      const sample = [
        "scripts/vite-plugin-chunk-groups.ts",
        "scripts/vite-plugin-worker-dexie.ts",
        "scripts/page-modules.ts",
        "vite.config.ts",
        "package-lock.json",
        "server/content/site-content.ts",
        "web/public/favicon.svg",
        "domain/pages.ts",
        "content/blog/notifications-with-quiet-hours.md",
      ];
      for (const input of sample) {
        const file = path.join(root, input);
        touch(file);
        expect(webBuildIsStale(root), input).toBe(true);
        untouch(file);
      }
      for (const other of ["scripts/dev.ts", "server/app.ts"]) {
        touch(path.join(root, other));
        expect(webBuildIsStale(root), other).toBe(false);
      }
      fs.rmSync(path.join(root, "web", "public", "favicon.svg"));
      expect(webBuildIsStale(root)).toBe(true);
    });
  });
});
