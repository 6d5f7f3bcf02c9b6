/**
 * Where to go after sign-in (DESIGN.md §5): only a path on this site. Anything that could leave
 * the origin (absolute URLs, `//host`, `/\host`, their encoded forms, `javascript:`) becomes `/`.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return "/";
  let decoded = next;
  try {
    // Browsers treat %2F and %5C in some positions like / and \: judge the decoded form too.
    for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round += 1) decoded = decodeURIComponent(decoded);
  } catch {
    return "/";
  }
  for (const candidate of [next, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return "/";
    // Control characters and backslashes have no place in our paths and can confuse URL parsers.
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return "/";
  }
  const url = new URL(next, "http://same.invalid");
  if (url.origin !== "http://same.invalid") return "/";
  return url.pathname + url.search + url.hash;
}
