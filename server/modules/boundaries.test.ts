import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { PROJECT_ROOT } from "../env.js";
import { SERVER_MODULES } from "./registry.js";

const MODULES_DIR = path.join(PROJECT_ROOT, "server", "modules");

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The files a source file imports, resolved to paths under the project. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    path.relative(PROJECT_ROOT, path.resolve(path.dirname(file), match[1]!)),
  );
}

const moduleFolders = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

it("lists every module folder in the registry once, under its own id", () => {
  expect(SERVER_MODULES.map((module) => module.id).sort()).toEqual([...moduleFolders].sort());
});

it("keeps a module's code to its folder: it uses the core, never another module", () => {
  for (const folder of moduleFolders) {
    for (const file of sourceFiles(path.join(MODULES_DIR, folder))) {
      for (const imported of importsOf(file)) {
        const other = /^server\/modules\/([^/]+)\//.exec(imported)?.[1];
        expect(
          other === undefined || other === folder,
          `${path.relative(PROJECT_ROOT, file)} imports ${imported}`,
        ).toBe(true);
      }
    }
  }
});

it("lets the core reach a module only through the registry", () => {
  const core = ["server", "domain", "scripts"].flatMap((top) => sourceFiles(path.join(PROJECT_ROOT, top)));
  for (const file of core.filter((file) => !file.startsWith(MODULES_DIR + path.sep))) {
    for (const imported of importsOf(file)) {
      expect(
        /^server\/modules\/[^/]+\//.test(imported),
        `${path.relative(PROJECT_ROOT, file)} imports ${imported}`,
      ).toBe(false);
    }
  }
});
