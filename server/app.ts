import fs from "node:fs";
import path from "node:path";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Database, migrateToLatest, openDatabase } from "./db/database.js";
import { createDeps } from "./deps.js";
import { allMigrations } from "./modules/migrations.js";
import { type Config, PROJECT_ROOT } from "./env.js";
import { serializeRequest } from "./log-redaction.js";
import { registerApiDocs } from "./plugins/api-docs.js";
import { registerErrorHandler } from "./plugins/error-handler.js";
import { frameworkErrorOptions } from "./plugins/framework-errors.js";
import { registerMetrics } from "./plugins/metrics.js";
import { rateLimitStore } from "./plugins/rate-limits.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerApiCompression } from "./plugins/response-compression.js";
import { registerWebApp } from "./plugins/web-app.js";
import { registerAuthentication } from "./plugins/authentication.js";
import { registerIdentityProvider } from "./plugins/identity-provider/index.js";
import { authRoutes } from "./routes/auth/auth.js";
import { apiTokenRoutes } from "./routes/tokens/tokens.js";
import { accountRoutes } from "./routes/account/account.js";
import { profileRoutes } from "./routes/profiles/profiles.js";
import { groupRoutes } from "./routes/groups/groups.js";
import { invitationRoutes } from "./routes/invitations/invitations.js";
import { taskRoutes } from "./routes/tasks/tasks.js";
import { settingsRoutes } from "./routes/settings/settings.js";
import { backupRoutes } from "./routes/backup/backup.js";
import { Issuers } from "./services/sign-in/issuers.js";
import { startNotificationSweep } from "./services/notifications/notification-sweep.js";
import { clientErrorRoutes } from "./routes/client-errors/client-errors.js";
import { contactRoutes } from "./routes/contact/contact.js";
import { healthRoutes } from "./routes/health/health.js";
import { registerSocketRoute, websocketOptions } from "./realtime/socket-route.js";
import { accountEmailRoutes } from "./routes/account-email/account-email.js";
import { outboxRoutes } from "./routes/outbox/outbox.js";
import { notificationRoutes } from "./routes/notifications/notifications.js";
import { moduleRoutes } from "./routes/modules/modules.js";
import { registerModules } from "./modules/register-modules.js";

const { version } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };

/** TRUST_PROXY=2: trust the two nearest proxies (the forwarded-for hops closest to us). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests inject one to stop it under a running server); default: opened from config. */
  database?: Database;
  /** Where the log goes (tests read it); default: standard output. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole server without listening, so tests start it on port 0 and main.ts on PORT.
 * Migrations run here: a server never answers requests against an old schema.
 */
export async function buildApp({ config, database: givenDatabase, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(logStream && { stream: logStream }),
    },
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    // Never echo internals: our error handler decides every error body.
    return503OnClosing: true,
    // Malformed addresses and requests Node cannot parse get our error shape too.
    ...frameworkErrorOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    givenDatabase ??
    openDatabase(config.database, { onBackgroundError: (err) => app.log.warn({ err }, "database connection error") });
  app.addHook("onClose", () => database.close());
  await migrateToLatest(database.db, allMigrations());
  app.decorate("deps", createDeps(config, database, app.log, version));
  app.addHook("onClose", async () => app.deps.outage.close());
  // onClose hooks run last-registered first: mail still on its way is delivered before the database closes.
  app.addHook("onClose", () => app.deps.mailer.close());
  app.addHook("onClose", () => app.deps.push.close());
  // Listening starts when the app is ready, so a build that fails later leaves no connection open.
  app.addHook("onReady", () => app.deps.bus.start());
  app.addHook("onClose", () => app.deps.bus.close());
  // Emails and pushes held back by quiet hours go out when they end (a claim in the database makes it once).
  let stopSweep = () => {};
  app.addHook("onReady", async () => {
    stopSweep = startNotificationSweep(app.deps);
  });
  app.addHook("onClose", async () => stopSweep());

  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerApiCompression(app);
  const buildFiles = topLevelFiles(config.webDistDir);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Memory for this limit and plain route limits; the database for sharedLimit()s (plugins/rate-limits.ts).
    store: rateLimitStore(app.deps.repositories.rateLimits, app.log),
    // The build's files cost nothing to serve and are cached; limiting them would leave a busy
    // household behind one address with pages that never load their scripts, and the service
    // worker fetches all of them at once when it installs. (The health probe opts out on its route.)
    allowList: (request) =>
      request.method === "GET" && (request.url.startsWith("/assets/") || buildFiles.has(request.url)),
  });
  const { serveMetrics } = registerMetrics(app);
  await registerApiDocs(app, config, version);

  await registerAuthentication(app);
  serveMetrics();
  await app.register(websocket, websocketOptions);

  await app.register(healthRoutes);
  await app.register(clientErrorRoutes);
  await app.register(contactRoutes);
  const { sendSignInPage } = await registerWebApp(app, config);
  const identityProvider = config.auth.builtinIdp ? await registerIdentityProvider(app, sendSignInPage) : null;
  const issuers = new Issuers(config, {
    builtinClientSecret: identityProvider?.clientSecret,
    builtinFetch: identityProvider?.fetch,
  });
  await app.register(authRoutes(issuers, identityProvider));
  await app.register(apiTokenRoutes);
  await app.register(profileRoutes);
  await app.register(accountRoutes(issuers));
  await app.register(groupRoutes);
  await app.register(invitationRoutes);
  await app.register(taskRoutes);
  await app.register(settingsRoutes);
  await app.register(backupRoutes);
  await app.register(notificationRoutes);
  registerSocketRoute(app);
  if (identityProvider) await app.register(accountEmailRoutes);
  await app.register(outboxRoutes);
  await app.register(moduleRoutes);
  // Every module's routes, each behind its switch (server/modules/registry.ts).
  await registerModules(app);

  return app;
}

/** "/sw.js", "/icon-192.png"…: the files at the top of the web build (none before the first build). */
function topLevelFiles(directory: string): Set<string> {
  const entries = fs.existsSync(directory) ? fs.readdirSync(directory, { withFileTypes: true }) : [];
  return new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
}
