/** Cache Storage names shared by the page and the service worker (web/sw.ts). */
export const SHELL_CACHE = "tandem-shell";
/** The last page the server sent, served for any navigation without network. */
export const SHELL_KEY = "/__app-shell";
/** Caches that can hold something of the signed-in user: emptied at sign-out. */
export const USER_CACHE_NAMES = [SHELL_CACHE] as const;
