/** A piece of an email's text: plain text, or a link to show as one. */
export type TextPart = string | { href: string; text: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence after a link more often than it belongs to it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits an outbox email's text into text and links, so that an administrator passing a link on
 * can open or copy it. Only http(s) addresses of this instance (`origins`) become
 * links: an email's text also carries what users typed (task titles, names), and a link there
 * could lead the administrator anywhere. Anything else, `javascript:` included, stays text.
 */
export function linkParts(text: string, origins: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const candidate = match[0].replace(TRAILING, (tail) => keptParentheses(match[0], tail));
    const href = instanceLink(candidate, origins);
    if (!href) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ href, text: candidate });
    at = match.index + candidate.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** Of a link's trailing punctuation, the closing parentheses that its own opening ones need. */
function keptParentheses(url: string, tail: string): string {
  let open = [...url.slice(0, url.length - tail.length)].filter((char) => char === "(").length;
  open -= [...url.slice(0, url.length - tail.length)].filter((char) => char === ")").length;
  let kept = "";
  for (const char of tail) {
    if (char !== ")" || open <= 0) break;
    kept += char;
    open -= 1;
  }
  return kept;
}

function instanceLink(candidate: string, origins: readonly string[]): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return origins.includes(url.origin) ? url.href : null;
  } catch {
    return null;
  }
}
