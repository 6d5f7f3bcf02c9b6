/** Dexie, loaded when the page first needs IndexedDB (web/offline/db.ts). */
export const loadDexie = () => import("dexie");
