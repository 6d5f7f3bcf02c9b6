/**
 * The JSON the server embedded in the page as script#id (the session, the first render's data),
 * taken once: the element is removed, so nothing reads it twice or after it went stale.
 * undefined when the page has none (Vite's dev server, the service worker's offline copy) or it
 * does not parse.
 */
export function takeEmbeddedJson(id: string): unknown {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
