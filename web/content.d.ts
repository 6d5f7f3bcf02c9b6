/** Markdown pages of content/, rendered at build time by scripts/vite-plugin-content.ts. */
declare module "virtual:content/*" {
  const page: { slug: string; title: string; description: string; date: string; html: string };
  export default page;
}
