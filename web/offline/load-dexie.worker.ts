import * as dexie from "dexie";

/**
 * The service worker's Dexie: bundled with it, since a worker script cannot load code on demand.
 * The worker's build (vite.config.ts) puts this file in place of load-dexie.ts.
 */
export const loadDexie = () => Promise.resolve(dexie);
