const BASE = "https://same.invalid";
const BASE_ORIGIN = new URL(BASE).origin;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * Where to go after sign-in: only a path on this site. Anything that could leave
 * the origin (absolute URLs, `//host`, `/\host`, their encoded forms, `javascript:`) becomes `/`.
 *
 * The decision is taken on what a URL parser makes of the value, not on the string: the parser
 * removes dot segments, so `/.//evil.example` or `/%2e%2e//evil.example` become the
 * protocol-relative `//evil.example`. The answer is the parsed path, so what the
 * browser is sent to is exactly what was checked.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !next.startsWith("/")) return "/";
  // Control characters and backslashes have no place in our paths, and URL parsers drop or
  // reinterpret them (a tab vanishes, `\` counts as `/`).
  if (CONTROL_OR_BACKSLASH.test(next)) return "/";
  const url = parse(next);
  if (!url || !staysHere(url)) return "/";
  // Some servers and proxies decode %2F, %5C and %2E before routing: the decoded path must be
  // just as harmless (up to three rounds, for double and triple encoding).
  let decoded = url.pathname;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return "/";
    }
    if (CONTROL_OR_BACKSLASH.test(decoded)) return "/";
    const reparsed = parse(decoded);
    if (!reparsed || !staysHere(reparsed)) return "/";
  }
  return url.pathname + url.search + url.hash;
}

function parse(value: string): URL | null {
  try {
    return new URL(value, BASE);
  } catch {
    return null;
  }
}

/** Same origin, and a path the browser cannot read as `//host` or `/\host` when sent back to it. */
function staysHere(url: URL): boolean {
  return url.origin === BASE_ORIGIN && !url.pathname.startsWith("//") && !url.pathname.startsWith("/\\");
}

/**
 * Where a signed-in user who opens the sign-in page goes instead: on to `next` as
 * safeNextPath allows it, but never back to the sign-in page itself.
 */
export function nextForSignedIn(next: string | null | undefined): string {
  const path = safeNextPath(next);
  return /^\/login(?:[?#]|$)/.test(path) ? "/" : path;
}
