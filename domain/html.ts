const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** JSON that is safe inside a <script type="application/json"> element: no "</script>" can end it early. */
export function serializeJsonForHtml(value: unknown): string {
  return escapeJsonForHtml(JSON.stringify(value));
}

/** JSON text made safe the same way (for JSON that is already text). */
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
