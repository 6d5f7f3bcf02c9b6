import fs from "node:fs";
import path from "node:path";
import frontMatter from "front-matter";
import { marked } from "marked";
import type { Plugin } from "vite";

const PREFIX = "virtual:content/";

interface Attributes {
  title: string;
  description: string;
  date: string | Date;
}

/**
 * `import page from "virtual:content/about"` gives the front matter and the HTML of
 * content/about.md, rendered at build time so no markdown parser ships to the browser.
 */
export function contentPlugin(contentDir: string): Plugin {
  return {
    name: "tandem-content",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const slug = id.slice(PREFIX.length + 1);
      if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`Invalid content slug: ${slug}`);
      const file = path.join(contentDir, `${slug}.md`);
      this.addWatchFile(file);
      const { attributes, body } = frontMatter<Attributes>(fs.readFileSync(file, "utf8"));
      for (const key of ["title", "description", "date"] as const) {
        if (!attributes[key]) throw new Error(`${file}: front matter lacks "${key}"`);
      }
      const date =
        attributes.date instanceof Date ? attributes.date.toISOString().slice(0, 10) : String(attributes.date);
      const html = marked.parse(body, { async: false });
      return `export default ${JSON.stringify({ slug, title: attributes.title, description: attributes.description, date, html })};`;
    },
  };
}
