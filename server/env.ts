import path from "node:path";
import { fileURLToPath } from "node:url";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { ADS_TXT_LINE } from "../domain/crawlers.js";
import { BUILTIN_ISSUER_ID } from "../domain/instance-config.js";
import { PASSWORD_HASH_COST } from "./services/accounts/passwords.js";

/** Repository root, so defaults do not depend on the directory the server was started from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const DAY_MS = 86_400_000;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const origin = z
  .url({ protocol: /^https?$/, error: "must be an origin such as https://example.org" })
  .transform((value, ctx) => {
    const parsed = new URL(value);
    if (value.replace(/\/+$/, "") !== parsed.origin) {
      ctx.addIssue({ code: "custom", message: "must be an origin only (scheme, host and port, no path)" });
      return z.NEVER;
    }
    return parsed.origin;
  });

const positiveInt = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be positive");

/** TRUST_PROXY: false, true, a hop count, or a comma-separated list of addresses/CIDRs (Fastify's trustProxy). */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed === "false") return false;
  if (trimmed === "true") return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const list = trimmed.split(",").map((part) => part.trim());
  if (list.some((part) => !/^[0-9a-fA-F.:/]+$/.test(part))) {
    ctx.addIssue({ code: "custom", message: "must be true, false, a hop count or a list of IP addresses/CIDRs" });
    return z.NEVER;
  }
  return list;
});

/**
 * CALENDAR_ALLOW_PRIVATE_URLS: false, true, or the networks (CIDRs, comma-separated) outside
 * calendars may be fetched from although they are not public: "192.168.1.10/32" lets the server
 * read the Nextcloud on the LAN and nothing else there.
 */
const privateAllowance = z.string().transform((value, ctx): boolean | string[] => {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed === "false") return false;
  if (trimmed === "true") return true;
  const list = trimmed.split(",").map((part) => part.trim());
  if (list.some((part) => !ipaddr.isValidCIDR(part))) {
    ctx.addIssue({
      code: "custom",
      message: "must be true, false or networks such as 192.168.1.0/24, comma-separated",
    });
    return z.NEVER;
  }
  return list;
});

const databaseUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must start with postgres:// or postgresql://");

const frameAncestors = z
  .string()
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .refine(
    (sources) =>
      sources.every((source) => source === "'self'" || source === "'none'" || /^https?:\/\/[^\s;,]+$/.test(source)),
    "must be 'self', 'none' or space-separated http(s) origins",
  );

const externalIssuer = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "id must be lowercase letters, digits and dashes (at most 32)"),
  name: z.string().min(1).max(60),
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.string().default("openid profile email"),
  /** Members of this IdP group become instance admins; the group is read from `adminClaim`. */
  adminGroup: z.string().min(1).optional(),
  adminClaim: z.string().min(1).default("groups"),
});
export type ExternalIssuerConfig = z.infer<typeof externalIssuer>;

/** OIDC_ISSUERS: a JSON array of issuers, e.g. [{"id":"google","name":"Google","issuer":"https://accounts.google.com","clientId":"…","clientSecret":"…"}]. */
const issuers = z.string().transform((value, ctx) => {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a JSON array of issuers" });
    return z.NEVER;
  }
  const parsed = z.array(externalIssuer).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({ code: "custom", message: `entry ${issue.path.join(".")}: ${issue.message}` });
    return z.NEVER;
  }
  const ids = parsed.data.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length || ids.includes(BUILTIN_ISSUER_ID)) {
    ctx.addIssue({ code: "custom", message: `ids must be unique and not "${BUILTIN_ISSUER_ID}"` });
    return z.NEVER;
  }
  return parsed.data;
});

const emailList = z.string().transform((value) =>
  value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

/** The id of the built-in identity provider among the issuers (the web app links to its sign-up). */
export { BUILTIN_ISSUER_ID };

/** The cheapest password hash a test server may use (N=2^10: about 2 ms instead of 100). */
const MIN_TEST_PASSWORD_HASH_COST = 10;

/** Every variable the server reads, with its default. README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1, "must not be empty").default("localhost"),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: databaseUrl.optional(),
  SQLITE_DRIVER: z
    .enum(["node:sqlite", "better-sqlite3"], { error: "must be node:sqlite or better-sqlite3" })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  FRAME_ANCESTORS: frameAncestors.default(["'self'"]),
  EMBED_PARENT_ORIGIN: origin.optional(),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  RATE_LIMIT_MAX: positiveInt.default(600),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  SIGN_UP_LIMIT: positiveInt.default(30),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  INSTANCE_NAME: z.string().min(1, "must not be empty").max(60, "must be at most 60 characters").default("Tandem"),
  // Unset, the pages leave out the sentences that would name them (no placeholder stands in).
  OPERATOR_NAME: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
  OPERATOR_CONTACT: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
  CONTACT_EMAIL: z.email("must be an email address").optional(),
  PUSH_ENDPOINTS: z.enum(["public", "any"], { error: "must be public or any" }).default("public"),
  CALENDAR_ALLOW_PRIVATE_URLS: privateAllowance.default(false),
  CALENDAR_FETCH_TIMEOUT_SECONDS: positiveInt.max(120, "must be at most 120").default(10),
  // The operator's own Google OAuth client (docs/calendar.md, "Google Calendar"): both or neither.
  GOOGLE_CALENDAR_CLIENT_ID: z.string().trim().min(1, "must not be empty").optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().trim().min(1, "must not be empty").optional(),
  // Google's addresses; set only for a stand-in in tests or a compatible provider.
  GOOGLE_OAUTH_AUTHORIZE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_OAUTH_TOKEN_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://oauth2.googleapis.com/token"),
  GOOGLE_CALDAV_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://apidata.googleusercontent.com/caldav/v2/"),
  REMINDER_LEAD_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(0, "must be 0 or more")
    .max(10_080, "must be at most a week (10080)")
    .default(60),
  // ads.txt lines, separated by "|" (a comma belongs to each line): "example.com, pub-1, DIRECT|#note".
  ADS_TXT: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split("|")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.every((line) => ADS_TXT_LINE.test(line)), {
      message: 'each line must be "domain, publisher id, DIRECT or RESELLER[, certification id]" or a # comment',
    }),
  WEB_DIST_DIR: z
    .string()
    .min(1, "must not be empty")
    .default(path.join(PROJECT_ROOT, "dist", "web")),
  OIDC_ISSUERS: issuers.default([]),
  BUILTIN_IDP: z.enum(["auto", "on", "off"], { error: "must be auto, on or off" }).default("auto"),
  METRICS_ACCESS: z.enum(["admin", "public"], { error: "must be admin or public" }).default("admin"),
  ADMIN_EMAILS: emailList.default([]),
  INVITATION_TTL_DAYS: positiveInt.default(14),
  SESSION_IDLE_DAYS: positiveInt.default(14),
  SESSION_MAX_DAYS: positiveInt.default(90),
  PASSWORD_HASH_COST: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(MIN_TEST_PASSWORD_HASH_COST, `must be at least ${PASSWORD_HASH_COST}`)
    .max(20, "must be at most 20")
    .default(PASSWORD_HASH_COST),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3, "must be an address such as Tandem <no-reply@example.org>").optional(),
  ASSISTANT_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_MODEL: z.string().min(1).optional(),
  ASSISTANT_SEARCH: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  ASSISTANT_TIMEOUT_SECONDS: positiveInt.default(30),
  /** The first wait before trying the model again (the spec: 1 s, then 2 s and 4 s); tests shorten it. */
  ASSISTANT_RETRY_BASE_MS: positiveInt.default(1000),
  /** "auto": speech is transcribed here when pocketsphinx is installed; "off": never (the browser's own, if any). */
  ASSISTANT_VOICE: z.enum(["auto", "off"], { error: "must be auto or off" }).default("auto"),
});

export type DatabaseConfig =
  /** `driver`: SQLITE_DRIVER; without it the runtime's best (server/db/sqlite-connection.ts). */
  { kind: "sqlite"; file: string; driver?: "node:sqlite" | "better-sqlite3" } | { kind: "postgres"; url: string };

export interface Config {
  nodeEnv: "production" | "development" | "test";
  port: number;
  host: string;
  publicUrl: string;
  https: boolean;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | number | string[];
  frameAncestors: string[];
  embedParentOrigin: string | null;
  bodyLimitBytes: number;
  /** `max`/`windowMs`: every route's default; `signUps`: built-in sign-ups per address per 15 minutes. */
  rateLimit: { max: number; windowMs: number; signUps: number };
  shutdownTimeoutMs: number;
  instanceName: string;
  /** Who runs this instance and how to reach them; null when not configured. */
  operatorName: string | null;
  operatorContact: string | null;
  /** Where contact-form messages are emailed; null: the admins (ADMIN_EMAILS), or kept for /admin only. */
  contactEmail: string | null;
  /** /ads.txt, line by line (empty: the instance sells no advertising). */
  adsTxt: string[];
  webDistDir: string;
  auth: {
    externalIssuers: ExternalIssuerConfig[];
    builtinIdp: boolean;
    adminEmails: string[];
    sessionIdleMs: number;
    sessionMaxMs: number;
    /** log2 of scrypt's N for new password hashes (server/services/accounts/passwords.ts). */
    passwordHashCost: number;
  };
  mail: { smtpUrl: string | null; from: string };
  /**
   * Web push subscriptions the server will post to (always https). "public": a host name or a
   * public address only, so a browser cannot make the server call into the private network;
   * "any": private addresses too (a push service on the same network, tests).
   */
  pushEndpoints: "public" | "any";
  /**
   * Outside calendars (subscriptions, CalDAV) the server may fetch from private, loopback or
   * link-local addresses: none (false), all (true), or those in the listed networks.
   */
  calendarAllowPrivateUrls: boolean | string[];
  /** How long one fetch of an outside calendar may take, redirects included. */
  calendarFetchTimeoutMs: number;
  /**
   * The operator's Google OAuth client, with which users connect their Google calendars
   * (docs/calendar.md, "Google Calendar"); null: not offered. The three addresses are Google's
   * unless a stand-in (tests) or a compatible provider is configured.
   */
  googleCalendar: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    caldavUrl: string;
  } | null;
  /** How long before a deadline with a time its reminder comes. */
  reminderLeadMinutes: number;
  /** How long a group invitation can be accepted. */
  invitationTtlMs: number;
  /** "admin": /metrics needs an instance admin (a Prometheus scraper sends an admin's API token). */
  metricsAccess: "admin" | "public";
  /**
   * An OpenAI-compatible model for the assistant (docs/assistant.md); null: the rules answer,
   * with no network and no account.
   */
  assistantModel: {
    baseUrl: string;
    apiKey: string | null;
    model: string;
    search: boolean;
    timeoutMs: number;
    /** The spec: tried again up to 3 times, after 1 s, 2 s and 4 s. */
    retryDelaysMs: number[];
  } | null;
  /** Transcribe speech on this server where pocketsphinx is installed (ASSISTANT_VOICE=auto). */
  assistantVoice: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment once; the first bad variable is named in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== "")
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const value = parsed.data;
  const builtinIdp = value.BUILTIN_IDP === "on" || (value.BUILTIN_IDP === "auto" && value.OIDC_ISSUERS.length === 0);
  if (!builtinIdp && value.OIDC_ISSUERS.length === 0) {
    throw new ConfigError(
      "Invalid configuration: BUILTIN_IDP is off and OIDC_ISSUERS is empty, so nobody could sign in",
    );
  }
  // A cheaper hash saves the test suites seconds per sign-up; a real server never gets it.
  if (value.PASSWORD_HASH_COST < PASSWORD_HASH_COST && value.NODE_ENV !== "test") {
    throw new ConfigError(
      `Invalid configuration: PASSWORD_HASH_COST must be at least ${PASSWORD_HASH_COST} (got ${JSON.stringify(env.PASSWORD_HASH_COST)})`,
    );
  }
  if (value.SESSION_MAX_DAYS < value.SESSION_IDLE_DAYS) {
    throw new ConfigError("Invalid configuration: SESSION_MAX_DAYS must be at least SESSION_IDLE_DAYS");
  }
  if (Boolean(value.ASSISTANT_BASE_URL) !== Boolean(value.ASSISTANT_MODEL)) {
    throw new ConfigError(
      "Invalid configuration: ASSISTANT_BASE_URL and ASSISTANT_MODEL are set together or not at all",
    );
  }
  if (Boolean(value.GOOGLE_CALENDAR_CLIENT_ID) !== Boolean(value.GOOGLE_CALENDAR_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CALENDAR_CLIENT_ID and GOOGLE_CALENDAR_CLIENT_SECRET are set together or not at all",
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    publicUrl,
    https: publicUrl.startsWith("https://"),
    dataDir,
    database: value.DATABASE_URL
      ? { kind: "postgres", url: value.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "tandem.sqlite"), driver: value.SQLITE_DRIVER },
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    frameAncestors: value.FRAME_ANCESTORS,
    embedParentOrigin: value.EMBED_PARENT_ORIGIN ?? null,
    bodyLimitBytes: value.BODY_LIMIT_BYTES,
    rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_MS, signUps: value.SIGN_UP_LIMIT },
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    instanceName: value.INSTANCE_NAME,
    operatorName: value.OPERATOR_NAME ?? null,
    operatorContact: value.OPERATOR_CONTACT ?? null,
    adsTxt: value.ADS_TXT,
    contactEmail: value.CONTACT_EMAIL ?? null,
    webDistDir: path.resolve(value.WEB_DIST_DIR),
    auth: {
      externalIssuers: value.OIDC_ISSUERS,
      builtinIdp,
      adminEmails: value.ADMIN_EMAILS,
      sessionIdleMs: value.SESSION_IDLE_DAYS * DAY_MS,
      sessionMaxMs: value.SESSION_MAX_DAYS * DAY_MS,
      passwordHashCost: value.PASSWORD_HASH_COST,
    },
    metricsAccess: value.METRICS_ACCESS,
    pushEndpoints: value.PUSH_ENDPOINTS,
    calendarAllowPrivateUrls: value.CALENDAR_ALLOW_PRIVATE_URLS,
    calendarFetchTimeoutMs: value.CALENDAR_FETCH_TIMEOUT_SECONDS * 1000,
    googleCalendar:
      value.GOOGLE_CALENDAR_CLIENT_ID && value.GOOGLE_CALENDAR_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CALENDAR_CLIENT_ID,
            clientSecret: value.GOOGLE_CALENDAR_CLIENT_SECRET,
            authorizeUrl: value.GOOGLE_OAUTH_AUTHORIZE_URL,
            tokenUrl: value.GOOGLE_OAUTH_TOKEN_URL,
            caldavUrl: value.GOOGLE_CALDAV_URL,
          }
        : null,
    reminderLeadMinutes: value.REMINDER_LEAD_MINUTES,
    invitationTtlMs: value.INVITATION_TTL_DAYS * DAY_MS,
    assistantModel:
      value.ASSISTANT_BASE_URL && value.ASSISTANT_MODEL
        ? {
            baseUrl: value.ASSISTANT_BASE_URL.replace(/\/+$/, ""),
            apiKey: value.ASSISTANT_API_KEY ?? null,
            model: value.ASSISTANT_MODEL,
            search: value.ASSISTANT_SEARCH === "true",
            timeoutMs: value.ASSISTANT_TIMEOUT_SECONDS * 1000,
            retryDelaysMs: [1, 2, 4].map((factor) => factor * value.ASSISTANT_RETRY_BASE_MS),
          }
        : null,
    assistantVoice: value.ASSISTANT_VOICE === "auto",
    mail: {
      smtpUrl: value.SMTP_URL ?? null,
      from: value.MAIL_FROM ?? `${value.INSTANCE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    },
  };
}
