import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { contentPlugin } from "./scripts/vite-plugin-content.js";

const root = import.meta.dirname;
const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  root: path.join(root, "web"),
  publicDir: path.join(root, "web", "public"),
  plugins: [react(), tailwindcss(), contentPlugin(path.join(root, "content"))],
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
