import { useEffect } from "react";
import { useLocation } from "react-router";
import { posts } from "virtual:content-index";
import { blogPostPath, blogSlugOf } from "../../domain/blog";
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
    const page = pageAt(pathname, search);
    // The provider's sign-in step is a page without an address of its own: no canonical link.
    const addressable = page && page !== IDP_SIGN_IN_PAGE;
    document.title = documentTitle(page, instanceConfig.name);
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement("meta"), { name: "description" }),
      "content",
      page?.description ?? null,
    );
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
  }, [pathname, search]);
}

/** The page an address shows; a blog post is its own page (title, description, canonical /blog/<slug>). */
function pageAt(pathname: string, search: string): PageDefinition | undefined {
  if (isIdpSignInPath(pathname)) return IDP_SIGN_IN_PAGE;
  const slug = blogSlugOf(pathname, search);
  if (slug === undefined) {
    // /blog-post without a (known) post is not found, as the server answers it.
    const page = findPage(pathname);
    return page?.path === "/blog-post" ? undefined : page;
  }
  const post = posts.find((candidate) => candidate.slug === slug);
  if (!post) return undefined;
  return { ...post, path: blogPostPath(post.slug), access: "public", layout: "public" };
}
