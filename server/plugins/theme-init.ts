import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface InlineThemeScript {
  /** The <script> tag that takes the place of `<script src="/theme-init.js"></script>`. */
  tag: string;
  /** Its CSP source ('sha256-…'): the one inline script the page policy allows. */
  cspSource: string;
}

export const THEME_INIT_TAG = '<script src="/theme-init.js"></script>';

/**
 * web/public/theme-init.js must run before the first paint (no flash of the wrong theme). As a
 * file it blocks rendering for a round trip; inlined, it costs none. The CSP still forbids
 * inline scripts except this exact one, by its hash. Null without a build.
 */
export function loadInlineThemeScript(webDistDir: string): InlineThemeScript | null {
  let source: string;
  try {
    source = fs.readFileSync(path.join(webDistDir, "theme-init.js"), "utf8");
  } catch {
    return null;
  }
  // "</script" inside would end the tag early; the file has none, and a build that adds one keeps the file.
  if (/<\/script/i.test(source)) return null;
  const hash = crypto.createHash("sha256").update(source, "utf8").digest("base64");
  return { tag: `<script>${source}</script>`, cspSource: `'sha256-${hash}'` };
}
