import path from "node:path";
import { blogPostPath } from "../../domain/blog.js";
import { PAGES, type PageDefinition } from "../../domain/pages.js";
import { PROJECT_ROOT } from "../env.js";
import { type ContentFile, readBlogPosts } from "./content-files.js";

/**
 * The public site's content as the server needs it: the blog's posts (read once at start from
 * content/blog) and the list of pages search engines should know.
 */
export interface SiteContent {
  posts: ContentFile[];
  findPost(slug: string): ContentFile | undefined;
  /** The page definition of a post: its title and description, canonical /blog/<slug>. */
  postPage(post: ContentFile): PageDefinition;
  /** Canonical paths for the sitemap: public pages for readers, and every post. */
  indexablePaths(): { path: string; lastModified?: string }[];
}

/** Public pages that are steps of a flow rather than something to find by search. */
const NOT_FOR_SEARCH = new Set(["/login", "/logout", "/sign-out", "/goodbye", "/blog-post"]);

export function loadSiteContent(contentDir = path.join(PROJECT_ROOT, "content")): SiteContent {
  const posts = readBlogPosts(contentDir);
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return {
    posts,
    findPost: (slug) => bySlug.get(slug),
    postPage: (post) => ({
      path: blogPostPath(post.slug),
      title: post.title,
      description: post.description,
      published: post.date,
      access: "public",
      layout: "public",
    }),
    indexablePaths: () => [
      ...PAGES.filter(
        (page: PageDefinition) =>
          page.access === "public" && page.layout === "public" && !page.noindex && !NOT_FOR_SEARCH.has(page.path),
      ).map((page) => ({ path: page.path })),
      ...posts.map((post) => ({ path: blogPostPath(post.slug), lastModified: post.date })),
    ],
  };
}
