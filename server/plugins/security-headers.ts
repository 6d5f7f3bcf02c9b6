import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../env.js";

/**
 * Security headers on every response. Scripts only from our own origin (no inline scripts: the
 * theme is applied by /theme-init.js); inline styles are allowed because toasts and React style
 * attributes need them and they cannot run code.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const onlySelfMayFrame = config.frameAncestors.length === 1 && config.frameAncestors[0] === "'self'";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
}
