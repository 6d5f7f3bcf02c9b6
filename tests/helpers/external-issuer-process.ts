/**
 * A stand-alone OpenID Connect issuer (oidc-provider 9) for integration tests, run in a process of
 * its own with `node --import tsx` by tests/helpers/external-issuer.ts: to the app it is as foreign
 * as Google or Keycloak would be, reached over real HTTP on 127.0.0.1.
 *
 * Test-only parts, none of which a real issuer has:
 * - POST /test/clients registers a relying party (client id, secret, redirect URIs) at run time,
 *   because the app's redirect URI names a port that is only known once the app listens.
 * - The login step has no password: POST /interaction/<uid>/login with the claims of the user to
 *   sign in ({sub, name, email, email_verified, groups}); the issuer remembers them for that subject.
 * - /mismatched/.well-known/openid-configuration serves the real metadata (whose issuer is the
 *   root), as if an operator had configured a wrong issuer URL; /impostor/.well-known/… serves it
 *   with the issuer rewritten to <root>/impostor, so discovery passes but every response of the
 *   real issuer names another one (the mix-up case).
 *
 * Environment: PORT (default 0: any free port). Prints one JSON line {"issuer": "<url>"} on stdout
 * when it is ready, and exits when its stdin closes, so it never outlives the test process.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Adapter, type AdapterPayload, type Configuration } from "oidc-provider";

interface AccountClaims {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

const accounts = new Map<string, AccountClaims>();

/** The store of one process: tokens, sessions, grants and the clients registered at run time. */
const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
const grantMembers = new Map<string, Set<string>>();
const sessionUids = new Map<string, string>();

class MemoryStore implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const key = this.key(id);
    store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    if (payload.grantId) grantMembers.set(payload.grantId, (grantMembers.get(payload.grantId) ?? new Set()).add(key));
    if (this.model === "Session" && payload.uid) sessionUids.set(payload.uid, id);
  }

  async find(id: string) {
    const entry = store.get(this.key(id));
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string) {
    const id = sessionUids.get(uid);
    return id === undefined ? undefined : this.find(id);
  }

  async findByUserCode() {
    return undefined;
  }

  async consume(id: string) {
    const entry = store.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const key of grantMembers.get(grantId) ?? []) store.delete(key);
    grantMembers.delete(grantId);
  }
}

const server = http.createServer();
await new Promise<void>((resolve) => server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const configuration: Configuration = {
  adapter: MemoryStore,
  async findAccount(_ctx, sub) {
    const account = accounts.get(sub);
    return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
  },
  scopes: ["openid", "profile", "email", "groups"],
  claims: { openid: ["sub"], profile: ["name"], email: ["email", "email_verified"], groups: ["groups"] },
  // Like many enterprise issuers: the claims of the granted scopes are in the ID token itself.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  responseTypes: ["code"],
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // Consent is not what these tests are about: every client gets the scopes it asks for.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client!.clientId,
      accountId: ctx.oidc.session!.accountId!,
    });
    grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(" "));
    await grant.save();
    return grant;
  },
  cookies: { keys: [randomUUID()] },
  jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" }] },
  features: { devInteractions: { enabled: false } },
};
const provider = new Provider(issuer, configuration);
const handleByProvider = provider.callback();

async function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((request.headers["content-type"] ?? "").includes("application/json")) return text ? JSON.parse(text) : {};
  return Object.fromEntries(new URLSearchParams(text));
}

function send(response: http.ServerResponse, status: number, body: unknown, type = "application/json") {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function metadata(): Promise<Record<string, unknown>> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  return (await response.json()) as Record<string, unknown>;
}

function asGroups(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return value.split(",").filter(Boolean);
  return undefined;
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", issuer);

  if (request.method === "POST" && url.pathname === "/test/clients") {
    const body = await readBody(request);
    await new MemoryStore("Client").upsert(String(body.client_id), {
      client_id: String(body.client_id),
      client_secret: String(body.client_secret),
      redirect_uris: body.redirect_uris as string[],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    });
    return send(response, 204, "");
  }

  if (request.method === "GET" && url.pathname === "/mismatched/.well-known/openid-configuration") {
    return send(response, 200, await metadata());
  }
  if (request.method === "GET" && url.pathname === "/impostor/.well-known/openid-configuration") {
    return send(response, 200, { ...(await metadata()), issuer: `${issuer}/impostor` });
  }

  const interaction = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(url.pathname);
  if (interaction) {
    let details;
    try {
      details = await provider.interactionDetails(request, response);
    } catch {
      return send(response, 410, "This sign-in has expired.", "text/plain");
    }
    if (details.uid !== interaction[1]) return send(response, 400, "Wrong interaction.", "text/plain");
    if (request.method === "GET" && !interaction[2]) {
      // What a browser would see; the tests post to the form's action directly.
      return send(
        response,
        200,
        `<!doctype html><form method="post" action="/interaction/${details.uid}/login"><input name="sub"><button>Sign in</button></form>`,
        "text/html",
      );
    }
    if (request.method === "POST" && interaction[2] === "/abort") {
      return provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The user cancelled" },
        { mergeWithLastSubmission: false },
      );
    }
    if (request.method === "POST" && interaction[2] === "/login") {
      const body = await readBody(request);
      if (typeof body.sub !== "string" || !body.sub) return send(response, 400, "sub is required", "text/plain");
      const account: AccountClaims = { sub: body.sub };
      if (typeof body.name === "string") account.name = body.name;
      if (typeof body.email === "string") account.email = body.email;
      if (body.email_verified !== undefined)
        account.email_verified = body.email_verified === true || body.email_verified === "true";
      const groups = asGroups(body.groups);
      if (groups) account.groups = groups;
      accounts.set(body.sub, account);
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: body.sub } },
        { mergeWithLastSubmission: false },
      );
    }
  }

  return handleByProvider(request, response);
}

server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
  handle(request, response).catch((error: unknown) => {
    process.stderr.write(
      `external issuer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    if (!response.headersSent) send(response, 500, { error: "server_error" });
    else response.end();
  });
});

// The parent holds our stdin open; when it goes away (even killed), so do we.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
