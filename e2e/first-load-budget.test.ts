import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "../server/env";
import { FIRST_LOAD_JS_CEILING_BYTES, firstLoadJs, kilobytes } from "../scripts/first-load-js";
import { signUp } from "../tests/helpers/sign-in";

const baseUrl = inject("baseUrl");
const WEB_DIST = path.join(PROJECT_ROOT, "dist", "web");

/**
 * The built app (the suite builds dist/web) as the server sends it: the signed-in "/" loads no
 * more gzip JavaScript before its first render than it does now (the goal, 150 KB, is not met:
 * `npm run bench` prints the figure against it; scripts/first-load-js.ts says what counts). Code
 * loaded on demand afterwards (the quick-add parser, the pickers, the toasts, Dexie) does not.
 */
describe("first-load JavaScript", () => {
  it("keeps the signed-in task list's first load from growing (ceiling 181 KB gzip, goal 150 KB)", async () => {
    const { client } = await signUp(baseUrl, "Budget Keeper");
    const page = await client.request("/");
    expect(page.status).toBe(200);
    const html = await page.text();
    // Signed in: the page names the app's code (its layout and the task list) for preloading.
    expect(html).toContain('rel="modulepreload"');

    const load = firstLoadJs(WEB_DIST, html);
    const largest = load.scripts
      .slice(0, 6)
      .map((script) => `${script.path} ${kilobytes(script.gzipBytes)}`)
      .join(", ");
    expect(
      load.gzipBytes,
      `${kilobytes(load.gzipBytes)} in ${load.scripts.length} scripts; largest: ${largest}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_JS_CEILING_BYTES);
  });
});
