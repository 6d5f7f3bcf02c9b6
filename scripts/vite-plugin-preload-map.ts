import path from "node:path";
import type { Plugin } from "vite";
import { PAGES } from "../domain/pages.js";
import { PRELOAD_MAP_FILE, type PreloadMap } from "../domain/preload-map.js";
import { pageModuleFiles } from "./page-modules.js";

/**
 * Writes dist/web/preload-map.json: for each page, the JavaScript files its route loads on demand
 * (its chunk and that chunk's static imports), minus what index.html loads anyway. The server puts
 * them in a signed-in user's page as <link rel="modulepreload">, so the browser fetches the app's
 * code in parallel with the entry instead of one level of imports after another (a phone on a
 * slow network pays a round trip per level).
 *
 * Which module is which page's comes from web/routes/page-components.ts, read as text: the build
 * fails if an app page of domain/pages.ts is missing there, so the map cannot silently go stale.
 */
export function preloadMapPlugin(webRoot: string): Plugin {
  return {
    name: "tandem-preload-map",
    apply: "build",
    generateBundle(_options, bundle) {
      type OutputChunk = Extract<(typeof bundle)[string], { type: "chunk" }>;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
      // The app's build has index.html as its entry; the service worker's build has no pages.
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("index.html"));
      if (!entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: OutputChunk): Set<string> => {
        const seen = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        visit(start);
        return seen;
      };
      const loadedByIndex = closure(entry);
      const filesOf = (moduleFile: string): string[] => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleFile);
        if (!chunk) throw new Error(`preload map: no chunk for ${moduleFile}`);
        return [...closure(chunk)].filter((file) => !loadedByIndex.has(file)).map((file) => `/${file}`);
      };
      const pages: Record<string, string[]> = {};
      for (const [pagePath, file] of pageModuleFiles(webRoot)) pages[pagePath] = filesOf(file);
      // Only the app's pages are preloaded (for a signed-in user); public pages may load differently.
      const missing = PAGES.filter((page) => (page.layout === "app" || page.path === "/") && !pages[page.path]).map(
        (page) => page.path,
      );
      if (missing.length) throw new Error(`preload map: no component in page-components.ts for ${missing.join(", ")}`);

      const map: PreloadMap = {
        pages,
        appLayout: filesOf(path.join(webRoot, "components", "AppLayout.tsx")),
        taskList: filesOf(path.join(webRoot, "scenes", "tasks", "TaskListPage.tsx")),
      };
      // The signed-in app's first page stays free of zod (about 25 kB gzip): it imports the
      // zod-free rules modules (domain/task-rules.ts and the like), not the schema modules. That
      // holds for what index.html loads too (a module's registry entry is there, for one).
      const firstPage = [...loadedByIndex].map((file) => `/${file}`);
      for (const file of new Set([...firstPage, ...map.appLayout, ...map.taskList, ...(map.pages["/"] ?? [])])) {
        const chunk = byFile.get(file.slice(1))!;
        const zod = Object.entries(chunk.modules).find(
          ([id, module]) => id.includes("/node_modules/zod/") && module.renderedLength > 0,
        );
        if (zod)
          this.error(`${file} (the signed-in "/") would load zod (${zod[0]}): import the zod-free rules instead`);
      }
      this.emitFile({ type: "asset", fileName: PRELOAD_MAP_FILE, source: JSON.stringify(map) });
    },
  };
}
