import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { MODULES } from "../../domain/modules";
import { PROJECT_ROOT } from "../../server/env";
import { WEB_MODULES } from "./registry";

const MODULES_DIR = path.join(PROJECT_ROOT, "web", "modules");
/** The seam itself: what the rest of the app may import from web/modules/. */
const SEAM = new Set(
  ["web/modules/registry.ts", "web/modules/slots.tsx", "web/modules/web-module.ts"].map((file) =>
    file.replace(/\.tsx?$/, ""),
  ),
);

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative imports (static and lazy) of a file, as project paths without extension. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\()["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    path.relative(PROJECT_ROOT, path.resolve(path.dirname(file), match[1]!)).replace(/\.(js|tsx?)$/, ""),
  );
}

const moduleFolders = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

it("lists every web module folder in the registry once, under the id of a module definition", () => {
  expect(WEB_MODULES.map((module) => module.id).sort()).toEqual([...moduleFolders].sort());
  for (const module of WEB_MODULES) expect(MODULES.map((definition) => definition.id)).toContain(module.id);
});

it("keeps a web module's code to its folder: it uses the app, never another module", () => {
  for (const folder of moduleFolders) {
    for (const file of sourceFiles(path.join(MODULES_DIR, folder))) {
      for (const imported of importsOf(file)) {
        const other = /^web\/modules\/([^/]+)\//.exec(imported)?.[1];
        expect(
          other === undefined || other === folder,
          `${path.relative(PROJECT_ROOT, file)} imports ${imported}`,
        ).toBe(true);
      }
    }
  }
});

it("lets the rest of the app reach a module only through the seam", () => {
  const app = sourceFiles(path.join(PROJECT_ROOT, "web")).filter((file) => !file.startsWith(MODULES_DIR + path.sep));
  for (const file of app) {
    for (const imported of importsOf(file)) {
      const intoModules = imported.startsWith("web/modules/");
      expect(!intoModules || SEAM.has(imported), `${path.relative(PROJECT_ROOT, file)} imports ${imported}`).toBe(true);
    }
  }
});
