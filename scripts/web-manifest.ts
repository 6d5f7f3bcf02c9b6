import type { ManifestOptions } from "vite-plugin-pwa";
import { APP_ICONS } from "../domain/app-icons.js";

/**
 * The web app manifest (/manifest.webmanifest): what a browser needs to install the app. The
 * theme colour is the light one; index.html's theme-color meta tags give each colour scheme its own.
 */
export const webManifest: Partial<ManifestOptions> = {
  id: "/",
  name: "Tandem: tasks for you, your family and your team",
  short_name: "Tandem",
  description: "Tasks with subtasks, categories and groups, live between devices and people, and working offline.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "any",
  theme_color: "#ffffff",
  background_color: "#ffffff",
  categories: ["productivity", "lifestyle"],
  icons: APP_ICONS.filter((icon) => icon.size >= 192).map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: "image/png",
    purpose: icon.maskable ? "maskable" : "any",
  })),
  shortcuts: [
    {
      name: "New task",
      short_name: "New task",
      description: "Open the task list with the quick add box ready",
      url: "/?new=1",
      icons: [{ src: "/icon-192.png", sizes: "192x192", type: "image/png" }],
    },
  ],
};
