import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect } from "vitest";
import { PROJECT_ROOT } from "../../server/env.js";
import type { HttpClient } from "./http-client.js";

const SCRIPT = path.join(PROJECT_ROOT, "tests", "helpers", "external-issuer-process.ts");
// tsx as a loader in the one node process: the tsx CLI would put a second process in between,
// which a SIGKILL of the first would leave running.
const TSX_LOADER = pathToFileURL(path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

/** Every issuer process this test process started, so none outlives it, whatever happens. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ExternalIssuer {
  /** The issuer identifier, e.g. http://127.0.0.1:41234 (also where it listens). */
  url: string;
  /** Registers the app as a confidential client with these redirect URIs (PKCE is always required). */
  registerClient(client: { clientId: string; clientSecret: string; redirectUris: string[] }): Promise<void>;
  /** What the process wrote on stderr, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts tests/helpers/external-issuer-process.ts in a child process; resolves once it listens. */
export async function startExternalIssuer(options: { port?: number } = {}): Promise<ExternalIssuer> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, SCRIPT], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: String(options.port ?? 0) },
    // stdin stays open as a lifeline: the process exits when it closes.
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        const ready = JSON.parse(line) as { issuer?: string };
        if (ready.issuer) resolve(ready.issuer);
      } catch {
        // Not our ready line (a library notice): keep reading.
      }
    });
    child.once("error", reject);
    void exited.then(() => reject(new Error(`the external issuer exited before it was ready:\n${stderr}`)));
  });

  return {
    url,
    stderr: () => stderr,
    async registerClient({ clientId, clientSecret, redirectUris }) {
      const response = await fetch(`${url}/test/clients`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris }),
      });
      if (response.status !== 204) throw new Error(`client registration failed: ${response.status} ${stderr}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      // SIGTERM ends it at once (no handler); SIGKILL is the backstop for a process that hangs.
      const backstop = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(backstop);
    },
  };
}

/** One issuer process for a test file (or describe block): started before its tests, always stopped after. */
export function useExternalIssuer(): { issuer: ExternalIssuer } {
  const context = {} as { issuer: ExternalIssuer };
  beforeAll(async () => {
    context.issuer = await startExternalIssuer();
  });
  afterAll(async () => {
    await context.issuer?.stop();
  });
  return context;
}

/** The claims the issuer asserts for the user who signs in there. */
export interface IssuerUser {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

/**
 * Follows redirects like a browser, across origins (the app and the issuer share 127.0.0.1, and
 * so, as in a browser, the cookie jar), until an answer that is not a redirect or a URL `stopAt` accepts.
 */
export async function browse(
  client: HttpClient,
  start: string | URL,
  stopAt: (url: URL) => boolean = () => false,
): Promise<{ url: URL; response: Response | null }> {
  let url = new URL(start, client.baseUrl);
  for (let hop = 0; hop < 15; hop += 1) {
    if (stopAt(url)) return { url, response: null };
    const response = await client.request(url.href);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return { url, response };
    url = new URL(location, url);
  }
  throw new Error(`more than 15 redirects from ${start}`);
}

const isCallback = (url: URL) => url.pathname.startsWith("/api/auth/callback/");

/**
 * Starts sign-in at the app for `issuerId`, logs `user` in at the issuer's own page and stops
 * where the issuer sends the browser back: the callback URL (code, state, iss) is returned unused.
 * With `user` null the issuer must not ask (single sign-on from an earlier login in this browser).
 */
export async function reachExternalCallback(
  client: HttpClient,
  issuerId: string,
  user: IssuerUser | null,
  next?: string,
): Promise<URL> {
  const start = `/api/auth/sign-in/${issuerId}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
  const first = await browse(client, start, isCallback);
  if (first.response === null) {
    expect(user, "the issuer skipped its login step").toBeNull();
    return first.url;
  }
  const uid = /^\/interaction\/([^/]+)$/.exec(first.url.pathname)?.[1];
  expect(uid, `expected the issuer's login page, got ${first.url.href} (${first.response.status})`).toBeTruthy();
  expect(first.response.status).toBe(200);
  expect(user, "the issuer asked for a login").not.toBeNull();

  const submitted = await client.request(new URL(`/interaction/${uid}/login`, first.url).href, {
    json: user,
    headers: { origin: first.url.origin },
  });
  expect(submitted.status, await submitted.clone().text()).toBe(303);
  const back = await browse(client, new URL(submitted.headers.get("location")!, first.url), isCallback);
  expect(back.response, `the issuer did not send the browser back: ${back.url.href}`).toBeNull();
  return back.url;
}

export interface Landing {
  status: number;
  /** Where the app sent the browser (path only). */
  path: string;
  /** The message /login shows, if the app sent the browser there. */
  error: string | null;
  /** The session cookie, if the callback started a session. */
  session: string | undefined;
}

/** Visits a callback URL at the app and reports where the browser was sent and whether a session began. */
export async function land(client: HttpClient, callback: URL): Promise<Landing> {
  const response = await client.request(callback.href);
  const location = new URL(response.headers.get("location") ?? "/", client.baseUrl);
  return {
    status: response.status,
    path: location.pathname + (location.pathname === "/login" ? "" : location.search),
    error: location.searchParams.get("error"),
    session: client.cookie("tandem_session"),
  };
}

/** The whole sign-in through an external issuer: app, issuer login, callback; returns the landing. */
export async function signInWithExternalIssuer(
  client: HttpClient,
  issuerId: string,
  user: IssuerUser | null,
  next?: string,
): Promise<Landing> {
  return land(client, await reachExternalCallback(client, issuerId, user, next));
}
