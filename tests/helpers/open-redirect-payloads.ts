/**
 * `next` values that try to send a browser off-site after sign-in. Each must end at "/": the unit
 * test of safeNextPath, the built-in sign-in over HTTP and the /login page in the browser use
 * this one list. Dot segments are what earlier string checks missed: a URL parser removes
 * them, so `/.//evil.example` is the protocol-relative `//evil.example` once parsed.
 */
export const OPEN_REDIRECT_PAYLOADS: readonly string[] = [
  // dot segments in front of a second slash
  "/.//evil.example/phish",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2e//evil.example",
  "/.%2e//evil.example",
  "/%2e./%2fevil.example",
  "/././/evil.example",
  "/a/..//evil.example",
  "/a/b/../..//evil.example",
  "/x/../../../..//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  "/.//evil.example/phish?x=1#frag",
  // the same, encoded once more (for servers that decode before routing)
  "/..%2f%2fevil.example",
  "/%2e%2e%2f%2fevil.example",
  "/%252e%252e//evil.example",
  "/%252F%252Fevil.example",
  // the plain forms
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "/\\evil.example",
  "/\\/evil.example",
  "/.\\evil.example",
  "/..\\/evil.example",
  "\\\\evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "%2F%2Fevil.example",
  // whitespace and control characters a parser drops
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%00//evil.example",
  " //evil.example",
  // other schemes and absolute URLs
  "https://evil.example/",
  "HTTPS://evil.example",
  "http:evil.example",
  "//evil.example@app.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "settings",
];

/** Paths of this site, and what they become (the parser's own form of the same path). */
export const SAFE_NEXT_PATHS: ReadonlyArray<readonly [input: string, result: string]> = [
  ["/", "/"],
  ["/settings", "/settings"],
  ["/task-detail-page?id=abc-123", "/task-detail-page?id=abc-123"],
  ["/groups#invites", "/groups#invites"],
  ["/a/b?x=%2F", "/a/b?x=%2F"],
  ["/a/./b", "/a/b"],
  ["/a/../settings", "/settings"],
  ["/profile?next=//evil.example", "/profile?next=//evil.example"],
];
