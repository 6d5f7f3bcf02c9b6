import { describe, expect, inject, it } from "vitest";
import { signUp } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/**
 * Records every "busy" element (the app's loading frame) that React puts into #root: the server's
 * own frame, parsed before the app starts, does not count.
 */
const RECORD_LOADING_FRAMES = `
  window.__loadingFramesRendered = 0;
  new MutationObserver((records) => {
    const root = document.getElementById("root");
    const reactOwnsRoot = root && Object.keys(root).some((key) => key.startsWith("__reactContainer$"));
    if (!reactOwnsRoot) return;
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element && node.matches('[aria-busy="true"]')) window.__loadingFramesRendered += 1;
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * A signed-in user's page, loaded in full, is the app's first render: React shows content that
 * replaces a loading fallback no sooner than 300 ms after it, so a fallback on the way would hold
 * every full load of an app page back by that much (web/components/HomeLayout.tsx).
 */
describe("first render of a signed-in page", () => {
  const session = useBrowser();

  it.each(["/", "/groups", "/settings", "/no-such-page"])(
    "renders %s with its layout at once, never the loading frame in between",
    async (path) => {
      const { client } = await signUp(baseUrl, "Quick Starter");
      const context = await session.signedInContext(client);
      await context.addInitScript(RECORD_LOADING_FRAMES);
      const app = new AppPage(await context.newPage(), baseUrl);

      await app.goto(path);
      await app.heading().waitFor();

      expect(await app.page.evaluate("window.__loadingFramesRendered")).toBe(0);
    },
  );
});
