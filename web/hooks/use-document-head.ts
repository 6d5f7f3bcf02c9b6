import { useEffect } from "react";
import { useLocation } from "react-router";
import { type BlogPostMeta, blogPostPath, blogSlugOf } from "../../domain/blog";
import { documentTitle, findPage, IDP_SIGN_IN_PAGE, isIdpSignInPath, type PageDefinition } from "../../domain/pages";
import { instanceConfig } from "../api/instance-config";

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | null) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

/**
 * Keeps title, description and canonical link right after client-side navigation, the same way the
 * server writes them for a first load: the canonical link always names the hyphenated path.
 */
export function useDocumentHead(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const slug = blogSlugOf(pathname, search);
    if (slug === undefined) {
      writeHead(pageAt(pathname));
      return;
    }
    if (posts) {
      writeHead(postPage(posts, slug));
      return;
    }
    let current = true;
    void loadPostIndex().then(
      (loaded) => current && writeHead(postPage(loaded, slug)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname, search]);
}

type Posts = readonly BlogPostMeta[];

/**
 * The blog's index (titles and descriptions) loads with the public site, not with the app's first
 * load (its budget): the public layout asks for it, so a post opened from there has its head at once.
 */
let posts: Posts | undefined;
function loadPostIndex(): Promise<Posts> {
  return import("virtual:content-index").then((module) => (posts = module.posts));
}
export function preloadPostIndex(): void {
  void loadPostIndex().catch(() => undefined);
}

function postPage(index: Posts, slug: string): PageDefinition | undefined {
  const post = index.find((candidate) => candidate.slug === slug);
  return post && { ...post, path: blogPostPath(post.slug), access: "public", layout: "public" };
}

/**
 * The pages' descriptions load when the app first changes pages itself: the server wrote the first
 * page's, and the table of them stays out of the first load (domain/page-descriptions.ts).
 */
let describe: ((page: PageDefinition) => string) | undefined;
let headWritten = false;
let pageShown: PageDefinition | undefined;

function writeDescription(page: PageDefinition | undefined): void {
  const write = (content: string | null) =>
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement("meta"), { name: "description" }),
      "content",
      content,
    );
  if (!page) return write(null);
  if (describe) return write(describe(page));
  void import("../../domain/page-descriptions").then(
    (module) => {
      describe = module.describePage;
      if (pageShown === page) write(describe(page));
    },
    () => undefined,
  );
}

function writeHead(page: PageDefinition | undefined): void {
  // The provider's sign-in step is a page without an address of its own: no canonical link.
  const addressable = page && page !== IDP_SIGN_IN_PAGE;
  pageShown = page;
  document.title = documentTitle(page, instanceConfig.name);
  if (headWritten) writeDescription(page);
  headWritten = true;
  setMeta(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement("link"), { rel: "canonical" }),
    "href",
    addressable ? instanceConfig.publicUrl + page.path : null,
  );
  setMeta(
    'meta[name="robots"]',
    () => Object.assign(document.createElement("meta"), { name: "robots" }),
    "content",
    page && !page.noindex ? null : "noindex",
  );
}

/** The page an address shows other than a blog post (one of those is its own page, above). */
function pageAt(pathname: string): PageDefinition | undefined {
  if (isIdpSignInPath(pathname)) return IDP_SIGN_IN_PAGE;
  const page = findPage(pathname);
  // /blog-post without a (known) post is not found, as the server answers it.
  return page?.path === "/blog-post" ? undefined : page;
}
