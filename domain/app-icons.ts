/**
 * Every size the app icon is rendered at: the web app manifest (192, 512, maskable), Apple's
 * home-screen icon and the favicon sizes. The build (scripts/vite-plugin-icons.ts) and the admin
 * page /generate-icons render the same source, web/public/favicon.svg, from this one list.
 */
export interface AppIcon {
  file: string;
  size: number;
  /** Maskable: the glyph inside the safe zone (80 %) on a full-bleed background, for adaptive icons. */
  maskable: boolean;
  purpose: string;
}

export const ICON_SOURCE = "/favicon.svg";
/** The icon's background, filling a maskable icon's bleed area. */
export const ICON_BACKGROUND = "#4f46e5";

export const APP_ICONS: readonly AppIcon[] = [
  { file: "icon-192.png", size: 192, maskable: false, purpose: "Android home screen, manifest" },
  { file: "icon-512.png", size: 512, maskable: false, purpose: "Splash screen, manifest, stores" },
  { file: "icon-maskable-512.png", size: 512, maskable: true, purpose: "Android adaptive icon (maskable)" },
  { file: "apple-touch-icon.png", size: 180, maskable: false, purpose: "iPhone and iPad home screen" },
  { file: "favicon-32.png", size: 32, maskable: false, purpose: "Browser tab (where SVG is not used)" },
];
