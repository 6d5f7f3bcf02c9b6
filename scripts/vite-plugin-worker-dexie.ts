import path from "node:path";
import type { Plugin } from "vite";

/**
 * For the service worker's build: web/offline/load-dexie.ts (which loads Dexie on demand, for
 * pages) becomes load-dexie.worker.ts (which bundles it). A dynamic import in a classic worker
 * script would stop the worker from starting at all.
 */
export function workerDexiePlugin(offlineDir: string): Plugin {
  const pageLoader = path.join(offlineDir, "load-dexie.ts");
  return {
    name: "tandem-worker-dexie",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.includes("load-dexie")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === pageLoader ? path.join(offlineDir, "load-dexie.worker.ts") : null;
    },
    // Whatever the cause, a worker that would not start must not be deployed.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && /\bimport\s*\(/.test(file.code))
          this.error(`${file.fileName} loads code on demand (import()), which a service worker script cannot`);
      }
    },
  };
}
