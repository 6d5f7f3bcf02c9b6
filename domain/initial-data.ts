import type { Category } from "./categories.js";
import type { Group } from "./groups.js";
import type { Settings } from "./settings.js";
import type { GroupTasks } from "./tasks.js";

/**
 * What a signed-in user's app page carries for its first render, in script#initial-data: the
 * answers of GET /api/groups and /api/settings and, on "/", of the personal group's
 * /tasks and /categories. The app puts them in its query cache, so the task list paints with the
 * page's code instead of after three more round trips. The service worker removes it from the
 * copy it keeps for starts without network: there, IndexedDB's newer copy is the one to show.
 */
export interface InitialAppData {
  groups: Group[];
  settings: Settings;
  /** The list a device shows until the user picks another group: the personal group's. */
  home: { groupId: string; tasks: GroupTasks; categories: Category[] } | null;
}

export const INITIAL_DATA_ELEMENT_ID = "initial-data";

/** Its JSON escapes "<" (domain/html.ts), so the element ends at the first "</script>". */
const INITIAL_DATA_ELEMENT = new RegExp(`<script id="${INITIAL_DATA_ELEMENT_ID}"[^>]*>[^<]*</script>\\s*`);

/** A page's HTML without its initial data: what the service worker keeps for starts without network. */
export function withoutInitialData(html: string): string {
  return html.replace(INITIAL_DATA_ELEMENT, "");
}
