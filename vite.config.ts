import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { chunkGroupsPlugin } from "./scripts/vite-plugin-chunk-groups.js";
import { contentPlugin } from "./scripts/vite-plugin-content.js";
import { iconsPlugin } from "./scripts/vite-plugin-icons.js";
import { preloadMapPlugin } from "./scripts/vite-plugin-preload-map.js";
import { webManifest } from "./scripts/web-manifest.js";
import { workerDexiePlugin } from "./scripts/vite-plugin-worker-dexie.js";

const root = import.meta.dirname;
const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  root: path.join(root, "web"),
  publicDir: path.join(root, "web", "public"),
  resolve: {
    // zod, set to jitless, only where the app uses it (web/zod-jitless.ts); "zod/v4" stays zod itself.
    alias: [{ find: /^zod$/, replacement: path.join(root, "web", "zod-jitless.ts") }],
  },
  plugins: [
    react(),
    tailwindcss(),
    contentPlugin(path.join(root, "content")),
    iconsPlugin(path.join(root, "web", "public", "favicon.svg")),
    preloadMapPlugin(path.join(root, "web")),
    chunkGroupsPlugin(path.join(root, "web")),
    VitePWA({
      // Our own worker (web/sw.ts) with Workbox's precache list injected; registered by web/offline/service-worker.ts.
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        // Source maps are for the operator's error reports, not for offline use; the password
        // strength dictionaries (1.6 MB) only serve sign-up and password changes, which need the network.
        globIgnores: ["**/*.map", "**/assets/password-*.js"],
        // A worker script cannot load code on demand: its build bundles Dexie instead.
        buildPlugins: { vite: [workerDexiePlugin(path.join(root, "web", "offline"))] },
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: path.join(root, "dist", "web"),
    emptyOutDir: true,
    // Source maps help the operator read the stacks in client error reports.
    sourcemap: true,
  },
  server: {
    // `npm run dev`: the API server runs on PORT; Vite serves the web app with hot reload and forwards the rest.
    proxy: {
      // ws: the live channel /api/ws is a WebSocket upgrade.
      "/api": { target: `http://127.0.0.1:${apiPort}`, ws: true },
      "/metrics": `http://127.0.0.1:${apiPort}`,
    },
  },
});
