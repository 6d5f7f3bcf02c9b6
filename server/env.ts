import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Repository root, so defaults do not depend on the directory the server was started from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const origin = z.url({ protocol: /^https?$/, error: "must be an origin such as https://example.org" }).transform((value, ctx) => {
  const parsed = new URL(value);
  if (value.replace(/\/+$/, "") !== parsed.origin) {
    ctx.addIssue({ code: "custom", message: "must be an origin only (scheme, host and port, no path)" });
    return z.NEVER;
  }
  return parsed.origin;
});

const positiveInt = z.coerce.number({ error: "must be a number" }).int("must be a whole number").positive("must be positive");

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

const databaseUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must start with postgres:// or postgresql://");

const frameAncestors = z
  .string()
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .refine(
    (sources) => sources.every((source) => source === "'self'" || source === "'none'" || /^https?:\/\/[^\s;,]+$/.test(source)),
    "must be 'self', 'none' or space-separated http(s) origins",
  );

/** Every variable the server reads, with its default. README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1, "must not be empty").default("localhost"),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: databaseUrl.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  FRAME_ANCESTORS: frameAncestors.default(["'self'"]),
  EMBED_PARENT_ORIGIN: origin.optional(),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  RATE_LIMIT_MAX: positiveInt.default(600),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  INSTANCE_NAME: z.string().min(1, "must not be empty").max(60, "must be at most 60 characters").default("Tandem"),
  OPERATOR_NAME: z.string().min(1, "must not be empty").default("the operator of this instance"),
  OPERATOR_CONTACT: z.string().min(1, "must not be empty").default("the administrator of this instance"),
  WEB_DIST_DIR: z.string().min(1, "must not be empty").default(path.join(PROJECT_ROOT, "dist", "web")),
});

export type DatabaseConfig =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string };

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
  rateLimit: { max: number; windowMs: number };
  shutdownTimeoutMs: number;
  instanceName: string;
  operatorName: string;
  operatorContact: string;
  webDistDir: string;
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
      : { kind: "sqlite", file: path.join(dataDir, "tandem.sqlite") },
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    frameAncestors: value.FRAME_ANCESTORS,
    embedParentOrigin: value.EMBED_PARENT_ORIGIN ?? null,
    bodyLimitBytes: value.BODY_LIMIT_BYTES,
    rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_MS },
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    instanceName: value.INSTANCE_NAME,
    operatorName: value.OPERATOR_NAME,
    operatorContact: value.OPERATOR_CONTACT,
    webDistDir: path.resolve(value.WEB_DIST_DIR),
  };
}
