import { describePage } from "../../domain/page-descriptions.js";
import { GUIDES } from "../../domain/guides.js";
import { escapeHtml, serializeJsonForHtml } from "../../domain/html.js";
import type { PageDefinition } from "../../domain/pages.js";
import type { Config } from "../env.js";

const GUIDE_PATHS = new Set<string>(GUIDES.map((guide) => `/${guide.slug}`));

/**
 * What a public page says about itself to link previews and search engines: Open Graph
 * and Twitter card tags, and schema.org data where it fits (the site on its start page, an
 * article for a guide, a blog posting for a post). Pages of the app get none: nobody shares them.
 */
export function shareTags(page: PageDefinition, config: Config): string[] {
  if (page.layout !== "public" || page.noindex) return [];
  const url = config.publicUrl + page.path;
  const isPost = page.published !== undefined;
  const isArticle = isPost || GUIDE_PATHS.has(page.path);
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const tags = [
    meta("og:type", isArticle ? "article" : "website"),
    meta("og:site_name", config.instanceName),
    meta("og:title", page.path === "/" ? config.instanceName : page.title),
    meta("og:description", describePage(page)),
    meta("og:url", url),
    `<meta name="twitter:card" content="summary">`,
  ];
  if (isPost) tags.push(meta("article:published_time", page.published!));

  const publisher = { "@type": "Organization", name: config.operatorName ?? config.instanceName };
  const data =
    page.path === "/"
      ? { "@context": "https://schema.org", "@type": "WebSite", name: config.instanceName, url: config.publicUrl }
      : isArticle
        ? {
            "@context": "https://schema.org",
            "@type": isPost ? "BlogPosting" : "Article",
            headline: page.title,
            description: describePage(page),
            url,
            mainEntityOfPage: url,
            ...(isPost && { datePublished: page.published }),
            author: publisher,
            publisher,
          }
        : null;
  if (data) tags.push(`<script type="application/ld+json">${serializeJsonForHtml(data)}</script>`);
  return tags;
}
