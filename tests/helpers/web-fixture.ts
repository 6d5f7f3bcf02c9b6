import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/**
 * A minimal built web app (what `vite build` writes: index.html with the head marker, hashed assets)
 * so the server's page handling is tested without running a build.
 */
export function createWebFixture(): { dir: string; asset: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><script src="/theme-init.js"></script><!--app-head--></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, "theme-init.js"), "/* theme */");
  const asset = "/assets/index-Ab12Cd34.js";
  fs.writeFileSync(path.join(dir, asset), "console.log('app')");
  // The build's precompressed copy (scripts/precompress.ts), marked so a test can tell which was sent.
  fs.writeFileSync(path.join(dir, `${asset}.br`), zlib.brotliCompressSync("console.log('app, from the .br file')"));
  // The build's map of code loaded on demand (scripts/vite-plugin-preload-map.ts), for a few pages.
  const preloadMap = {
    pages: {
      "/": ["/assets/HomePage-1.js"],
      "/settings": ["/assets/SettingsPage-1.js"],
      "/about": ["/assets/About-1.js"],
    },
    appLayout: ["/assets/AppLayout-1.js", "/assets/db-1.js"],
    taskList: ["/assets/TaskListPage-1.js", "/assets/db-1.js"],
  };
  fs.writeFileSync(path.join(dir, "preload-map.json"), JSON.stringify(preloadMap));
  // A prerendered public page (scripts/prerender.ts), with the tokens the server fills in.
  fs.mkdirSync(path.join(dir, "prerendered"));
  fs.writeFileSync(
    path.join(dir, "prerendered", "about.html"),
    '<main><h1>About %%TANDEM_INSTANCE_NAME%%</h1><p><span data-operator="name">Run by %%TANDEM_OPERATOR_NAME%%.</span></p></main>',
  );
  // The landing page ("/"), with a link only for instances whose built-in provider is on (domain/instance-config.ts).
  fs.writeFileSync(
    path.join(dir, "prerendered", "index.html"),
    '<main><h1>Welcome</h1><a href="/api/auth/sign-in/local?screen=sign-up" data-builtin-sign-in=""><svg></svg>Create account</a><a href="/login">Sign in</a></main>',
  );
  return { dir, asset, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
