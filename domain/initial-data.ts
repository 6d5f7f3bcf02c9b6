import type { Category } from "./categories.js";
import type { Group } from "./groups.js";
import type { Settings } from "./settings.js";
import type { GroupTasks } from "./tasks.js";

/**
 * What a signed-in user's app page carries for its first render, in script#initial-data: the
 * answers of GET /api/groups and /api/settings and, on "/", of the personal group's /tasks and
 * /categories. The app puts them in its query cache, so the task list paints with the page's code
 * instead of waiting for those requests (the live channel's hello still refreshes them). The
 * service worker removes it from the copy it keeps for starts without network: there,
 * IndexedDB's newer copy is the one to show.
 */
export interface InitialAppData {
  /** When the server read it (epoch ms): the cache entries date from then, not from the render. */
  generatedAt: number;
  groups: Group[];
  settings: Settings;
  /** The list a device shows until the user picks another group: the personal group's. */
  home: { groupId: string; tasks: GroupTasks; categories: Category[] } | null;
}

export const INITIAL_DATA_ELEMENT_ID = "initial-data";

/** The element for a page's <head>; `json` must already be escaped for HTML (domain/html.ts). */
export function initialDataElement(json: string): string {
  return `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Its JSON escapes "<", so the element ends at the first "</script>". */
const INITIAL_DATA_ELEMENT = new RegExp(`${initialDataElement("[^<]*")}\\s*`);

/** A page's HTML without its initial data: what the service worker keeps for starts without network. */
export function withoutInitialData(html: string): string {
  return html.replace(INITIAL_DATA_ELEMENT, "");
}
