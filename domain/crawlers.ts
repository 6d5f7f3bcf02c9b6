/**
 * What search engines and other crawlers may fetch: served as /robots.txt and explained
 * on /crawler-access from this one list, so the two cannot disagree.
 */
export const CRAWLER_RULES = {
  allow: ["/"],
  disallow: [
    { path: "/api/", why: "the API answers programs, and every answer but the health check needs a sign-in" },
    { path: "/oidc/", why: "the steps of signing in" },
  ],
} as const;

export function robotsTxt(publicUrl: string): string {
  return [
    "# Pages are open to search engines; the API and sign-in are not.",
    "# Explained at /crawler-access.",
    "User-agent: *",
    ...CRAWLER_RULES.allow.map((path) => `Allow: ${path}`),
    ...CRAWLER_RULES.disallow.map((rule) => `Disallow: ${rule.path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The lines of /ads.txt (IAB Tech Lab): "domain, publisher id, DIRECT|RESELLER[, certification id]",
 * or a comment. Anything else in the ADS_TXT setting is refused at start.
 */
export const ADS_TXT_LINE = /^(#.*|[a-z0-9.-]+\.[a-z]{2,}\s*,\s*[^,\s]+\s*,\s*(DIRECT|RESELLER)(\s*,\s*[^,\s]+)?)$/i;
