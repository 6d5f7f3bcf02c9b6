/**
 * A page's code that could not be fetched: Chromium's, Firefox's and Safari's words for a failed
 * `import()`, and Vite's when a page's stylesheet could not be preloaded.
 */
export function isPageCodeMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}
