/**
 * What the build tells the server about code loaded on demand (scripts/vite-plugin-preload-map.ts),
 * so a page's HTML can ask for it at once with <link rel="modulepreload">. Paths are absolute
 * URLs of files in dist/web, without what index.html loads anyway.
 */
export interface PreloadMap {
  /** Per page path of domain/pages.ts: the page component's chunk and its static imports. */
  pages: Record<string, string[]>;
  /** The signed-in app's layout (header, live channel, offline queue). */
  appLayout: string[];
  /** The task list, which "/" shows a signed-in user. */
  taskList: string[];
}

export const PRELOAD_MAP_FILE = "preload-map.json";
