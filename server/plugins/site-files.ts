import type { FastifyInstance } from "fastify";
import { blogPostPath } from "../../domain/blog.js";
import { robotsTxt } from "../../domain/crawlers.js";
import { escapeHtml } from "../../domain/html.js";
import type { SiteContent } from "../content/site-content.js";
import type { Config } from "../env.js";

/**
 * The files search engines, advertisers and feed readers ask for: /robots.txt,
 * /sitemap.xml with every public page and post, /ads.txt with the configured lines, and the
 * blog's Atom feed at /blog/feed.xml.
 */
export function registerSiteFiles(app: FastifyInstance, config: Config, content: SiteContent): void {
  const url = (pathname: string) => `${config.publicUrl}${pathname}`;
  const cache = "public, max-age=3600";

  app.get("/robots.txt", { schema: { hide: true } }, (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", cache).send(robotsTxt(config.publicUrl)),
  );

  app.get("/ads.txt", { schema: { hide: true } }, (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", cache)
      .send(config.adsTxt.length ? `${config.adsTxt.join("\n")}\n` : "# This instance sells no advertising.\n"),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, (_request, reply) => {
    const entries = content
      .indexablePaths()
      .map(
        (entry) =>
          `  <url><loc>${escapeHtml(url(entry.path))}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`,
      );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries,
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("cache-control", cache).send(xml);
  });

  app.get("/blog/feed.xml", { schema: { hide: true } }, (_request, reply) => {
    const updated = content.posts[0]?.date ?? "2026-01-01";
    const entries = content.posts.map((post) =>
      [
        "  <entry>",
        `    <title>${escapeHtml(post.title)}</title>`,
        `    <link href="${escapeHtml(url(blogPostPath(post.slug)))}"/>`,
        `    <id>${escapeHtml(url(blogPostPath(post.slug)))}</id>`,
        `    <updated>${post.date}T00:00:00Z</updated>`,
        `    <summary>${escapeHtml(post.description)}</summary>`,
        "  </entry>",
      ].join("\n"),
    );
    const xml = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `  <title>${escapeHtml(config.instanceName)} blog</title>`,
      `  <link href="${escapeHtml(url("/blog/feed.xml"))}" rel="self"/>`,
      `  <link href="${escapeHtml(url("/blog"))}"/>`,
      `  <id>${escapeHtml(url("/blog"))}</id>`,
      `  <updated>${updated}T00:00:00Z</updated>`,
      `  <author><name>${escapeHtml(config.operatorName ?? config.instanceName)}</name></author>`,
      ...entries,
      "</feed>",
      "",
    ].join("\n");
    return reply.type("application/atom+xml; charset=utf-8").header("cache-control", cache).send(xml);
  });
}
