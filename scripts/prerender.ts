import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { prerenderedFile } from "../domain/prerender.js";
import { loadSiteContent } from "../server/content/site-content.js";
import { PROJECT_ROOT } from "../server/env.js";
import { contentPlugin } from "./vite-plugin-content.js";

const OUT_DIR = path.join(PROJECT_ROOT, "dist", "prerender");
const TARGET_DIR = path.join(PROJECT_ROOT, "dist", "web", "prerendered");

/**
 * Renders every public page that search engines index (the sitemap's list) to the HTML of its
 * #root, into dist/web/prerendered/. The server sends it inside the page to visitors, so the text
 * is there before any JavaScript runs; the app then takes over the same page.
 */
export async function prerender(): Promise<number> {
  await build({
    configFile: false,
    logLevel: "warn",
    root: path.join(PROJECT_ROOT, "web"),
    plugins: [react(), contentPlugin(path.join(PROJECT_ROOT, "content"))],
    build: {
      ssr: path.join(PROJECT_ROOT, "web", "entry-prerender.tsx"),
      outDir: OUT_DIR,
      emptyOutDir: true,
    },
  });
  const entry = path.join(OUT_DIR, "entry-prerender.js");
  const { renderPage } = (await import(pathToFileURL(entry).href)) as {
    renderPage: (url: string) => Promise<string | null>;
  };
  fs.rmSync(TARGET_DIR, { recursive: true, force: true });
  fs.mkdirSync(TARGET_DIR, { recursive: true });
  const pages = loadSiteContent().indexablePaths();
  for (const { path: pagePath } of pages) {
    const html = await renderPage(`http://prerender.invalid${pagePath}`);
    if (html === null) throw new Error(`prerender: ${pagePath} did not render a page`);
    fs.writeFileSync(path.join(TARGET_DIR, prerenderedFile(pagePath)), html);
  }
  return pages.length;
}

// Run by buildWeb (scripts/web-build.ts) as its own process, after the client build.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const count = await prerender();
  console.log(`prerendered ${count} public pages`);
}
