/** The blog: posts are content/blog/<slug>.md; each has one canonical address. */
export interface BlogPostMeta {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
}

export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogPostPath = (slug: string) => `/blog/${slug}`;

/**
 * The post a request names: /blog/<slug>, or the spec's /blog-post?slug=<slug> (and its alias
 * /blogpost). Undefined for any other address or a malformed slug.
 */
export function blogSlugOf(pathname: string, search: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const direct = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  const slug =
    direct ?? (path === "/blog-post" || path === "/blogpost" ? new URLSearchParams(search).get("slug") : null);
  return slug && BLOG_SLUG.test(slug) ? slug : undefined;
}

/** Newest first; posts of the same day by title. */
export function sortPosts<T extends BlogPostMeta>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}
