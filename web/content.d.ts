/** Markdown pages of content/, rendered at build time by scripts/vite-plugin-content.ts. */
declare module "virtual:content/*" {
  const page: { slug: string; title: string; description: string; date: string; html: string };
  export default page;
}

declare module "virtual:content-index" {
  import type { BlogPostMeta } from "../domain/blog";
  /** The published blog posts, newest first. */
  export const posts: BlogPostMeta[];
}

declare module "virtual:content-loaders" {
  type Page = { default: { slug: string; title: string; description: string; date: string; html: string } };
  /** "blog/<slug>" of each published post: its page, loaded on demand. */
  export const blogPosts: Record<string, () => Promise<Page>>;
}
