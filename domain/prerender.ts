/**
 * Public pages are rendered to HTML at build time (scripts/prerender.ts), before anyone knows the
 * instance's name or operator. The build writes these tokens where those go; the server puts the
 * configured values (HTML-escaped) in their place when it sends a page.
 */
export const PRERENDER_TOKENS = {
  name: "%%TANDEM_INSTANCE_NAME%%",
  publicUrl: "%%TANDEM_PUBLIC_URL%%",
  operatorName: "%%TANDEM_OPERATOR_NAME%%",
  operatorContact: "%%TANDEM_OPERATOR_CONTACT%%",
} as const;

/** Where the build keeps a page's prerendered #root content: dist/web/prerendered/<file>. */
export function prerenderedFile(pagePath: string): string {
  return `${pagePath === "/" ? "index" : pagePath.slice(1).replaceAll("/", "__")}.html`;
}
