import fs from "node:fs";
import path from "node:path";
import frontMatter from "front-matter";
import { BLOG_SLUG, type BlogPostMeta, sortPosts } from "../../domain/blog.js";

/** A markdown file of content/: its front matter checked, its body still markdown. */
export interface ContentFile extends BlogPostMeta {
  draft: boolean;
  body: string;
}

interface Attributes {
  title?: string;
  description?: string;
  date?: string | Date;
  draft?: boolean;
}

/**
 * Reads content/<name>.md (or content/blog/<name>.md). Title, description and date are required:
 * every page has a unique title and description for search engines.
 */
export function readContentFile(file: string): ContentFile {
  const { attributes, body } = frontMatter<Attributes>(fs.readFileSync(file, "utf8"));
  for (const key of ["title", "description", "date"] as const) {
    if (!attributes[key]) throw new Error(`${file}: front matter lacks "${key}"`);
  }
  const date = attributes.date instanceof Date ? attributes.date.toISOString().slice(0, 10) : String(attributes.date);
  return {
    slug: path.basename(file, ".md"),
    title: attributes.title!,
    description: attributes.description!,
    date,
    draft: attributes.draft === true,
    body,
  };
}

/** The published blog posts (not `draft: true`), newest first. */
export function readBlogPosts(contentDir: string): ContentFile[] {
  const dir = path.join(contentDir, "blog");
  if (!fs.existsSync(dir)) return [];
  const posts = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => readContentFile(path.join(dir, name)))
    .filter((post) => !post.draft);
  for (const post of posts) {
    if (!BLOG_SLUG.test(post.slug)) throw new Error(`content/blog/${post.slug}.md: the file name is not a valid slug`);
  }
  return sortPosts(posts);
}
