import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { APP_ICONS, ICON_BACKGROUND } from "../domain/app-icons.js";

/** Renders one icon from the SVG source; a maskable one gets the glyph at 80 % on a full-bleed square. */
export async function renderIcon(svg: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  if (!maskable)
    return sharp(svg, { density: 72 * (size / 64) * 2 })
      .resize(size, size)
      .png()
      .toBuffer();
  const inner = Math.round(size * 0.8);
  const glyph = await sharp(svg, { density: 72 * (inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: glyph, gravity: "center" }])
    .png()
    .toBuffer();
}

/** The build's PNG icons (domain/app-icons.ts), rendered from web/public/favicon.svg. */
export function iconsPlugin(sourceSvg: string): Plugin {
  return {
    name: "tandem-icons",
    apply: "build",
    async generateBundle() {
      const svg = fs.readFileSync(sourceSvg);
      for (const icon of APP_ICONS) {
        this.emitFile({
          type: "asset",
          fileName: icon.file,
          source: await renderIcon(svg, icon.size, icon.maskable),
        });
      }
    },
  };
}

export const ICON_SOURCE_FILE = path.join("web", "public", "favicon.svg");
