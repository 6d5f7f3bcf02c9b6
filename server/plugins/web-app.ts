import { describePage } from "../../domain/page-descriptions.js";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiError, MESSAGES } from "../../domain/errors.js";
import {
  allPagePaths,
  allRedirectPaths,
  documentTitle,
  findPage,
  IDP_SIGN_IN_PAGE,
  type PageDefinition,
  redirectTarget,
} from "../../domain/pages.js";
import { databaseFailure } from "../db/availability.js";
import type { Config } from "../env.js";
import { isInstanceAdmin } from "../policies/instance.js";
import { escapeHtml, serializeJsonForHtml } from "../../domain/html.js";
import { presentInstanceConfig } from "../presenters/instance-config.js";
import { describeMe } from "../services/accounts/profiles.js";
import { initialAppDataJson } from "../services/tasks/initial-data.js";
import type { User } from "../repositories/user-repository.js";
import { initialDataElement } from "../../domain/initial-data.js";
import { nextForSignedIn } from "../../domain/next-path.js";
import { PRELOAD_MAP_FILE, type PreloadMap } from "../../domain/preload-map.js";
import { PRERENDER_TOKENS, prerenderedFile } from "../../domain/prerender.js";
import { BUILTIN_SIGN_IN_ONLY, withOperatorText } from "../../domain/instance-config.js";
import { appShellHtml } from "./app-shell-html.js";
import { loadInlineThemeScript, THEME_INIT_TAG } from "./theme-init.js";
import { loadSiteContent } from "../content/site-content.js";
import { registerSiteFiles } from "./site-files.js";
import { shareTags } from "./share-tags.js";
import { sendCompressed } from "./response-compression.js";

/** Hashed build output may be cached forever; everything else is revalidated on each use. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Serves the built React app: static files, every page of the page table (canonical path and
 * alias) as index.html with its title and canonical link, and the not-found page with status 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
): Promise<{ sendSignInPage: (reply: FastifyReply) => Promise<FastifyReply> }> {
  const indexFile = path.join(config.webDistDir, "index.html");
  const themeScript = loadInlineThemeScript(config.webDistDir);
  const built = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, "utf8") : null;
  const template = built && themeScript ? built.replace(THEME_INIT_TAG, themeScript.tag) : built;
  if (!template) app.log.warn({ indexFile }, "web app is not built; pages answer 503 until `npm run build`");

  if (template) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      serve: true,
      // The build writes .br and .gz copies (scripts/precompress.ts): sent as they are when the browser accepts them.
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own Cache-Control would override it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(config.webDistDir, "assets") + path.sep);
        res.setHeader("cache-control", hashed ? IMMUTABLE : REVALIDATE);
        // The same path answers Brotli, gzip or plain by Accept-Encoding: shared caches must key on it.
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  const instanceJson = serializeJsonForHtml(presentInstanceConfig(config));
  const content = loadSiteContent();
  registerSiteFiles(app, config, content);
  const preloadMap = readPreloadMap(config.webDistDir);
  const prerendered = readPrerenderedPages(
    config,
    content.indexablePaths().map((entry) => entry.path),
  );

  /**
   * The app's code a signed-in user's page imports at once, asked for in parallel with the entry.
   * Its first paint is the server's app shell, so this does not delay it.
   */
  function modulesToPreload(page: PageDefinition | undefined): string[] {
    if (!preloadMap) return [];
    // The not-found page (no page) is shown in the app layout too.
    const files = [...preloadMap.appLayout, ...((page && preloadMap.pages[page.path]) ?? [])];
    if (page?.path === "/") files.push(...preloadMap.taskList);
    return [...new Set(files)];
  }

  /**
   * The data the app page renders first (domain/initial-data.ts). A failure to read it only costs
   * the page its head start: the app asks the API as it would without it.
   */
  async function initialDataTag(request: FastifyRequest, user: User, withHomeList: boolean): Promise<string> {
    try {
      return initialDataElement(await initialAppDataJson(app.deps, user, withHomeList));
    } catch (error) {
      // During an outage the page goes out without it (the outage is logged once, not per page).
      if ((await databaseFailure(app.deps, error)) === "unreachable") app.deps.outage.unreachable(error);
      else request.log.warn({ err: error }, "could not put the initial data in the page");
      return "";
    }
  }

  async function sendPage(
    request: FastifyRequest | null,
    reply: FastifyReply,
    page: PageDefinition | undefined,
    status: number,
    { indexable = true, publicChrome = false }: { indexable?: boolean; publicChrome?: boolean } = {},
  ) {
    const user = request?.auth?.via === "session" ? request.auth.user : null;
    // A signed-in user sees the app's chrome on app pages, on "/" and on the not-found page
    // (but for a blog post that does not exist: the blog's public layout says so).
    const inApp = Boolean(user) && !publicChrome && (!page || page.layout === "app" || page.path === "/");
    // A signed-in user's page carries who they are and their data: nothing may keep it, not even
    // their browser's history (Back after signing out would show it to the next person).
    reply.header("cache-control", user ? "private, no-store" : REVALIDATE);
    if (!template) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app has not been built. Run `npm run build` (npm start does this for you).");
    }
    const head = [
      `<title>${escapeHtml(documentTitle(page, config.instanceName))}</title>`,
      page ? `<meta name="description" content="${escapeHtml(describePage(page))}">` : "",
      page && indexable
        ? `<link rel="canonical" href="${escapeHtml(config.publicUrl + page.path)}">`
        : `<meta name="robots" content="noindex">`,
      page && indexable && page.noindex ? `<meta name="robots" content="noindex">` : "",
      ...(page && indexable ? shareTags(page, config) : []),
      `<script id="instance-config" type="application/json">${instanceJson}</script>`,
      // The answer of GET /api/auth/session, so the app knows at once whose page this is.
      `<script id="session" type="application/json">${serializeJsonForHtml({ user: user && (await describeMe(app.deps, user)) })}</script>`,
      inApp && user ? await initialDataTag(request!, user, page?.path === "/") : "",
      ...(inApp ? modulesToPreload(page) : []).map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}">`),
    ].join("\n    ");
    // Visitors get a public page's text in the HTML (prerendered at build); signed-in users the app's frame.
    const prerenderedBody = !user && page?.layout === "public" ? prerendered.get(page.path) : undefined;
    const body = inApp ? appShellHtml(config.instanceName) : (prerenderedBody ?? "");
    let html = template
      // Functions, so "$&" in a configured name or a title stays text.
      .replace("<!--app-head-->", () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    // A prerendered page's text paints with the stylesheet alone: its code need not race the
    // stylesheet for the first bytes of a slow connection (the entry script still loads it).
    if (prerenderedBody) html = html.replace(MODULE_PRELOAD, "");
    // Made per request (session, prerendered text), so compressed here: a guide's 20 kB travel as 7.
    return sendCompressed(request, reply.status(status).type("text/html; charset=utf-8"), html);
  }

  /** A blog post as its own page (title, description, canonical /blog/<slug>), or not found. */
  function sendPost(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const post = content.findPost(slug);
    return post
      ? sendPage(request, reply, content.postPage(post), 200)
      : sendPage(request, reply, undefined, 404, { publicChrome: true });
  }

  for (const pagePath of allPagePaths()) {
    const page = findPage(pagePath)!;
    app.get(pagePath, { schema: { hide: true } }, (request, reply) => {
      // Signed-in-only pages send a visitor to sign in first, and back here afterwards.
      if (page.access !== "public" && !request.auth) {
        return reply
          .header("cache-control", "no-store")
          .redirect(`/login?${new URLSearchParams({ next: request.url }).toString()}`, 302);
      }
      // A signed-in user has nothing to do on the sign-in page: on to where they were going (issue
      // 18). After a failed sign-in (?error=, from the callback) the page stays, to say what failed.
      if (page.path === "/login" && request.auth?.via === "session") {
        const query = new URLSearchParams(request.url.split("?")[1] ?? "");
        if (!query.has("error")) {
          return reply.header("cache-control", "no-store").redirect(nextForSignedIn(query.get("next")), 302);
        }
      }
      // Admin pages: a signed-in non-admin gets the app (its page guard says "only for administrators") with a 403.
      if (page.access === "admin" && !(request.auth && isInstanceAdmin(request.auth.user))) {
        return sendPage(request, reply, page, 403);
      }
      // The spec's /blog-post?slug=…: the post's own head (canonical /blog/<slug>), or not found.
      if (page.path === "/blog-post") {
        return sendPost(request, reply, new URLSearchParams(request.url.split("?")[1] ?? "").get("slug") ?? "");
      }
      return sendPage(request, reply, page, 200);
    });
  }

  // Addresses that show another page answer with it: a permanent redirect that keeps the query.
  for (const redirectPath of allRedirectPaths()) {
    app.get(redirectPath, { schema: { hide: true } }, (request, reply) => {
      const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply.header("cache-control", "public, max-age=3600").redirect(redirectTarget(redirectPath, search)!, 301);
    });
  }

  app.get<{ Params: { slug: string } }>("/blog/:slug", { schema: { hide: true } }, (request, reply) => {
    return sendPost(request, reply, request.params.slug);
  });

  const sendSignInPage = (reply: FastifyReply) => sendPage(null, reply, IDP_SIGN_IN_PAGE, 200, { indexable: false });

  // Unknown paths count against the rate limit too, so scanning for URLs is throttled like any request.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const isPageRequest = (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (isPageRequest) return sendPage(request, reply, undefined, 404);
    const body: ApiError = { error: { code: "not_found", message: MESSAGES.notFoundRoute } };
    return reply.status(404).send(body);
  });
  return { sendSignInPage };
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
/** A link cannot hold another link, so a marked one ends at the first </a>. */
const BUILTIN_SIGN_IN_LINKS = new RegExp(`<a [^>]*${BUILTIN_SIGN_IN_ONLY}[^>]*>[\\s\\S]*?</a>`, "g");

/**
 * The build's prerendered public pages (scripts/prerender.ts), with this instance's name and
 * operator put in place of the build's tokens, without the sentences about an operator who is not
 * configured, and without the built-in provider's links where it is off. Missing ones (an older
 * build, a test fixture) are rendered by the browser as before.
 */
function readPrerenderedPages(config: Config, paths: string[]): Map<string, string> {
  const values: Record<keyof typeof PRERENDER_TOKENS, string> = {
    name: config.instanceName,
    publicUrl: config.publicUrl,
    operatorName: config.operatorName ?? "",
    operatorContact: config.operatorContact ?? "",
  };
  const pages = new Map<string, string>();
  for (const pagePath of paths) {
    let html: string;
    try {
      html = fs.readFileSync(path.join(config.webDistDir, "prerendered", prerenderedFile(pagePath)), "utf8");
    } catch {
      continue;
    }
    // Sentences naming an operator who did not say who they are go, whole (no placeholder stands in).
    html = withOperatorText(html, config);
    for (const [key, token] of Object.entries(PRERENDER_TOKENS)) {
      const value = escapeHtml(values[key as keyof typeof PRERENDER_TOKENS]);
      // A function, so "$&" or "$1" in a configured name stays text.
      html = html.replaceAll(token, () => value);
    }
    // Rendered as if the built-in provider were on; where it is off its links ("Create account") go.
    if (!config.auth.builtinIdp) html = html.replace(BUILTIN_SIGN_IN_LINKS, "");
    pages.set(pagePath, html);
  }
  return pages;
}

function readPreloadMap(webDistDir: string): PreloadMap | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDistDir, PRELOAD_MAP_FILE), "utf8")) as PreloadMap;
  } catch {
    // An older build, or a test fixture without one: pages work, only without the hints.
    return null;
  }
}
