import path from "node:path";
import { marked } from "marked";
import type { Plugin } from "vite";
import { readBlogPosts, readContentFile } from "../server/content/content-files.js";

const PREFIX = "virtual:content/";
const INDEX = "virtual:content-index";
const LOADERS = "virtual:content-loaders";

/**
 * Our markdown in content/, rendered at build time so the public pages need no markdown parser in
 * the browser (task notes do: web/components/Markdown.tsx renders them from marked's lexer):
 * - `virtual:content/about` (or `virtual:content/blog/<slug>`): front matter and HTML of one file;
 * - `virtual:content-index`: the published blog posts' titles, descriptions and dates, newest first;
 * - `virtual:content-loaders`: a lazy import per guide and post, so each loads on its own.
 */
export function contentPlugin(contentDir: string): Plugin {
  const fileOf = (slug: string) => path.join(contentDir, `${slug}.md`);
  return {
    name: "tandem-content",
    resolveId(id) {
      return id.startsWith(PREFIX) || id === INDEX || id === LOADERS ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        this.addWatchFile(path.join(contentDir, "blog"));
        const posts = readBlogPosts(contentDir).map(({ slug, title, description, date }) => ({
          slug,
          title,
          description,
          date,
        }));
        return `export const posts = ${JSON.stringify(posts)};`;
      }
      if (id === `\0${LOADERS}`) {
        const posts = readBlogPosts(contentDir).map((post) => `blog/${post.slug}`);
        const entries = posts.map(
          (slug) => `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(PREFIX + slug)}),`,
        );
        return `export const blogPosts = {\n${entries.join("\n")}\n};`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const slug = id.slice(PREFIX.length + 1);
      if (!/^(blog\/)?[a-z0-9-]+$/.test(slug)) throw new Error(`Invalid content slug: ${slug}`);
      const file = fileOf(slug);
      this.addWatchFile(file);
      const { title, description, date, body } = readContentFile(file);
      const html = marked.parse(body, { async: false });
      return `export default ${JSON.stringify({ slug, title, description, date, html })};`;
    },
  };
}
