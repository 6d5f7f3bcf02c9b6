import path from "node:path";
import type { Plugin } from "vite";
import { PAGES } from "../domain/pages.js";
import { pageModuleFiles } from "./page-modules.js";

/** Packages imported by name from an index that re-exports one module per name. */
const BARRELS = ["lucide-react"];

/** `import { A, B as C, type D } from "<specifier>"` in a module's code: the names it takes (A, B). */
function namesImportedFrom(code: string, specifier: string): string[] {
  const names: string[] = [];
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, "g");
  for (const match of code.matchAll(statement)) {
    for (const part of match[1]!.split(",")) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      // A type is erased: it brings no module.
      if (name && !name.startsWith("type ")) names.push(name);
    }
  }
  return names;
}

/** An index's `export { default as A, default as B } from "<file>"` lines: name -> the module's id. */
function reExports(barrelId: string, code: string): Map<string, string> {
  const exported = new Map<string, string>();
  for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const target = path.resolve(path.dirname(barrelId), match[2]!);
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!
        .trim();
      if (name) exported.set(name, target);
    }
  }
  return exported;
}

/**
 * Chunking for few requests. By default the bundler makes a chunk of every set of modules shared
 * by a different set of lazy routes: "/" for a signed-in user took ~85 scripts, most under 2 kB.
 * A phone pays a round trip for each (six at a time over HTTP/1.1), which cost more than the bytes:
 * Lighthouse scored the signed-in "/" 77-81, and 90-92 with these groups.
 *
 * Groups, from the module graph at the end of the build (so a new import joins the right group
 * without anyone editing a list):
 * - "start": what index.html loads statically (router, React, the public layout), except the
 *   entry module itself;
 * - "home": what the signed-in app's first page shares with a visitor's "/" (the landing page);
 * - "app": what that first page (its layout, the task list, the local database and the queue)
 *   adds, and no public page uses: a visitor never downloads it;
 * - "app-shared": what it adds and some other public page (sign-in, sign-out) uses too, split by
 *   the pages that use it (entriesAware), so sign-in does not load the local database.
 * Every other page keeps its own chunk, loaded when it is opened.
 *
 * An icon library's index re-exports every icon, so through it every module that imports one icon
 * would reach them all, and every icon some page uses would join "home". The graph is walked
 * past such an index (BARRELS) to the icons each module names.
 */
export function chunkGroupsPlugin(webRoot: string): Plugin {
  const appRoots = [
    path.join(webRoot, "components", "AppLayout.tsx"),
    path.join(webRoot, "scenes", "tasks", "TaskListPage.tsx"),
  ];
  /** index.html and what it imports itself (web/main.tsx): the entry chunk. */
  const entryModules = new Set<string>();
  const appModules = new Set<string>();
  const publicModules = new Set<string>();
  const homeModules = new Set<string>();
  return {
    name: "tandem-chunk-groups",
    apply: "build",
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            // A shared chunk's default name lists every page that uses it; its group's name says enough.
            chunkFileNames: (chunk: { name: string }) => `assets/${chunk.name.split("~")[0]}-[hash].js`,
            codeSplitting: {
              // The groups partition the graph themselves; pulling dependencies along would move
              // shared modules into "app" and make public pages load it.
              includeDependenciesRecursively: false,
              groups: [
                // Not the entry module itself: pages import from "start", and the entry waits (top-level
                // await) for the first page, so the two in one chunk would wait for each other forever.
                { name: "start", tags: ["$initial"], test: (id: string) => !entryModules.has(id), priority: 4 },
                { name: "home", test: (id: string) => appModules.has(id) && homeModules.has(id), priority: 3 },
                { name: "app", test: (id: string) => appModules.has(id) && !publicModules.has(id), priority: 2 },
                {
                  name: "app-shared",
                  test: (id: string) => appModules.has(id) && publicModules.has(id),
                  priority: 1,
                  entriesAware: true,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const pageFiles = pageModuleFiles(webRoot);
      const appPages = new Set(
        PAGES.filter((page) => page.layout === "app").flatMap((page) => pageFiles.get(page.path) ?? []),
      );
      // Where a visitor can go without the app: the lazy modules of index.html's code (pages,
      // guides, blog posts) that are not app pages, and everything they load, now or later.
      const appEntries = new Set([...appRoots, ...appPages]);
      // A module's lazy parts (web/modules/<id>/: a dashboard card, a settings panel) are the
      // signed-in app's too, though the module registry that names them loads with index.html.
      const modulesDir = path.join(webRoot, "modules") + path.sep;
      const isAppEntry = (id: string) => appEntries.has(id) || id.startsWith(modulesDir);
      const info = (id: string) => this.getModuleInfo(id);
      const reach = (roots: Iterable<string>, next: (id: string) => readonly string[], into: Set<string>) => {
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id) || !info(id)) continue;
          into.add(id);
          stack.push(...next(id));
        }
        return into;
      };
      // Static imports, with an icon index replaced by the icons the module names.
      const barrels = new Map<string, { specifier: string; exports: Map<string, string> }>();
      for (const id of this.getModuleIds()) {
        const specifier = BARRELS.find((name) => id.includes(`/node_modules/${name}/`) && info(id)?.importers.length);
        const code = specifier ? info(id)?.code : null;
        if (specifier && code && id.endsWith(`${specifier}.mjs`))
          barrels.set(id, { specifier, exports: reExports(id, code) });
      }
      const staticImports = (id: string): string[] =>
        info(id)!.importedIds.flatMap((imported) => {
          const barrel = barrels.get(imported);
          if (!barrel) return [imported];
          const named = namesImportedFrom(info(id)!.code ?? "", barrel.specifier).map((name) =>
            barrel.exports.get(name),
          );
          // Names it cannot resolve (a namespace import, a rename in the package): the whole index, as before.
          return named.every((target) => target !== undefined) ? named : [imported];
        });
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      entryModules.clear();
      for (const id of entries) [id, ...info(id)!.importedIds].forEach((entryModule) => entryModules.add(entryModule));
      const initial = reach(entries, staticImports, new Set());
      const publicRoots = [...initial]
        .flatMap((id) => info(id)!.dynamicallyImportedIds)
        .filter((id) => !isAppEntry(id));
      publicModules.clear();
      reach(
        publicRoots,
        (id) => [...staticImports(id), ...info(id)!.dynamicallyImportedIds].filter((next) => !isAppEntry(next)),
        publicModules,
      );
      homeModules.clear();
      reach(pageFiles.get("/") ? [pageFiles.get("/")!] : [], staticImports, homeModules);
      appModules.clear();
      reach(appRoots, staticImports, appModules);
    },
  };
}
