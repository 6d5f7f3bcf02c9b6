import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../env.js";
import { loadInlineThemeScript } from "./theme-init.js";

/**
 * Security headers on every response, in two sets. Pages (and their assets, and the API docs UI)
 * get the browser policy below. API answers are data, never rendered, so they get the short, strict
 * set OWASP's REST cheat sheet recommends: nothing may load, nothing may frame them, nothing is cached
 * (a route may still set its own Cache-Control).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // Built once, frozen: each answer copies one of the two sets, nothing is computed per request.
  const pageHeaders = Object.freeze(computeHeaders(pageOptions(config)));
  const apiHeaders = Object.freeze(apiSecurityHeaders(config));
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiRequest(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}

/** The headers of an API answer, also for those given before any hook runs (framework-errors.ts). */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  return { ...computeHeaders(apiOptions(config)), "cache-control": "no-store" };
}

function isApiRequest(url: string): boolean {
  return (url.startsWith("/api/") && !url.startsWith("/api/docs")) || url === "/metrics";
}

/** Scripts only from our own origin, plus the one inline script that applies the theme before the
 *  first paint, by its hash (theme-init.ts); inline styles are allowed because toasts and React
 *  style attributes need them and cannot run code. WebAssembly may compile (not JavaScript eval):
 *  the coupon page's barcode decoder is WebAssembly served from our build (docs/decisions.md). */
function pageOptions(config: Config): HelmetOptions {
  const themeScript = loadInlineThemeScript(config.webDistDir);
  const onlySelfMayFrame = config.frameAncestors.length === 1 && config.frameAncestors[0] === "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(themeScript ? [themeScript.cspSource] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: config.frameAncestors,
        ...(config.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // X-Frame-Options cannot express a list of origins; frame-ancestors above governs embedding.
    xFrameOptions: onlySelfMayFrame ? { action: "sameorigin" } : false,
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  };
}

function apiOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
    // Headers only old browsers read when rendering a page; an API answer is never rendered.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
    crossOriginOpenerPolicy: false,
  };
}

/**
 * Helmet decides the header values; it runs once here, not per request. @fastify/helmet rebuilds
 * the whole middleware (and re-parses the CSP) on every request, which halved our throughput.
 * Our policy depends on nothing in the request, so the values are the same for every response.
 */
function computeHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
