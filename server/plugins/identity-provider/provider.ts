import { generateKeyPairSync, randomUUID } from "node:crypto";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";
import type { AppDeps } from "../../deps.js";
import { BUILTIN_ISSUER_ID } from "../../env.js";
import { BUILTIN_CLIENT_ID, builtinIssuerUrl, redirectUri } from "../../services/sign-in/issuers.js";
import { SCREEN_HINT_PARAM } from "../../services/sign-in/sign-in.js";
import { randomToken } from "../../services/tokens.js";
import { oidcAdapterFactory } from "./oidc-adapter.js";

export const OIDC_PREFIX = "/oidc";

/** Keys and secrets made on first start and kept in the database, so restarts keep sessions valid. */
async function instanceSecrets(deps: AppDeps) {
  const now = new Date().toISOString();
  const secrets = deps.repositories.instanceSecrets;
  const jwk = await secrets.getOrCreate("oidc-signing-key", () => JSON.stringify(makeSigningKey()), now);
  const cookieKey = await secrets.getOrCreate("oidc-cookie-key", () => randomToken(), now);
  const clientSecret = await secrets.getOrCreate("oidc-client-secret", () => randomToken(), now);
  return { jwk: JSON.parse(jwk) as Record<string, unknown>, cookieKey, clientSecret };
}

function makeSigningKey() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "ES256", use: "sig" };
}

/**
 * Our own OpenID Connect issuer with local accounts. The app is its only client, registered with
 * a secret, PKCE and the one redirect URI; it never asks for consent for its own app.
 */
export async function createProvider(deps: AppDeps): Promise<{ provider: Provider; clientSecret: string }> {
  const { config, repositories } = deps;
  const { jwk, cookieKey, clientSecret } = await instanceSecrets(deps);

  const configuration: Configuration = {
    adapter: oidcAdapterFactory(deps.database.db),
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_name: config.instanceName,
        client_secret: clientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        redirect_uris: [redirectUri(config, BUILTIN_ISSUER_ID)],
        post_logout_redirect_uris: [`${config.publicUrl}/login`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        id_token_signed_response_alg: "ES256",
        // auth_time in every ID token: the callback checks the password was entered for this sign-in.
        require_auth_time: true,
      },
    ],
    responseTypes: ["code"],
    pkce: { required: () => true },
    scopes: ["openid", "profile", "email"],
    claims: { openid: ["sub"], profile: ["name"], email: ["email", "email_verified"] },
    // The app reads name and email from the ID token; no separate userinfo call is needed.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await repositories.localAccounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: account.emailVerifiedAt !== null,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    // Which tab the sign-in page opens on (services/sign-in/sign-in.ts); any other value is refused as invalid_request.
    extraParams: {
      [SCREEN_HINT_PARAM]: (_ctx, value) => {
        if (value !== undefined && value !== "sign-up")
          throw new errors.InvalidRequest(`${SCREEN_HINT_PARAM} must be sign-up`);
      },
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(" "));
      await grant.save();
      return grant;
    },
    cookies: { keys: [cookieKey] },
    jwks: { keys: [jwk] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 30 * 60,
      Session: 24 * 60 * 60,
      Grant: 365 * 24 * 60 * 60,
    },
  };
  const provider = new Provider(builtinIssuerUrl(config), configuration);
  // The scheme and host it builds URLs from are read from X-Forwarded-*, which our routes to the
  // provider always set to PUBLIC_URL's (atPublicOrigin in index.ts), so no client decides them.
  provider.proxy = true;
  return { provider, clientSecret };
}
