import fs from "node:fs";
import path from "node:path";

/**
 * The source file of each page's component, by page path, read from web/routes/page-components.ts
 * as text (`"/path": () => import("../scenes/…")`). Pages whose component is built another way (the
 * guides) are not in it. Used by the build's plugins, which see modules by file name.
 */
export function pageModuleFiles(webRoot: string): Map<string, string> {
  const pageComponents = path.join(webRoot, "routes", "page-components.ts");
  const source = fs.readFileSync(pageComponents, "utf8");
  const files = new Map<string, string>();
  for (const match of source.matchAll(/"(\/[^"]*)":\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)) {
    const file = path.resolve(path.dirname(pageComponents), match[2]!);
    files.set(match[1]!, fs.existsSync(`${file}.tsx`) ? `${file}.tsx` : `${file}.ts`);
  }
  return files;
}
