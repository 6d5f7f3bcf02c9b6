import fs from "node:fs";
import path from "node:path";

/**
 * The source file of each page's component, by page path, read as text
 * (`"/path": () => import("../scenes/…")`) from web/routes/page-components.ts and from each module's
 * web/modules/<id>/module.ts. Pages whose component is built another way (the guides) are not in
 * it. Used by the build's plugins, which see modules by file name.
 */
export function pageModuleFiles(webRoot: string): Map<string, string> {
  const modulesDir = path.join(webRoot, "modules");
  const sources = [
    path.join(webRoot, "routes", "page-components.ts"),
    ...fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(modulesDir, entry.name, "module.ts"))
      .filter((file) => fs.existsSync(file)),
  ];
  const files = new Map<string, string>();
  for (const sourceFile of sources) {
    const source = fs.readFileSync(sourceFile, "utf8");
    for (const match of source.matchAll(/"(\/[^"]*)":\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)) {
      const file = path.resolve(path.dirname(sourceFile), match[2]!);
      files.set(match[1]!, fs.existsSync(`${file}.tsx`) ? `${file}.tsx` : `${file}.ts`);
    }
  }
  return files;
}
