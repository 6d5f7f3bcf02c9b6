import * as client from "openid-client";
import { BUILTIN_ISSUER_ID, type Config } from "../../env.js";

export interface IssuerEntry {
  id: string;
  name: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  adminGroup: string | undefined;
  adminClaim: string;
  builtin: boolean;
}

export interface IssuerOptions {
  /** Client secret of the app at the built-in provider (made once per instance). */
  builtinClientSecret?: string;
  /** How requests to the built-in provider are made (in-process, without the network). */
  builtinFetch?: client.CustomFetch;
}

export const BUILTIN_CLIENT_ID = "tandem-web";

/** Where an issuer sends the browser back to: one address per issuer, which defends against mix-up. */
export function redirectUri(config: Config, issuerId: string): string {
  return `${config.publicUrl}/api/auth/callback/${issuerId}`;
}

export function builtinIssuerUrl(config: Config): string {
  return `${config.publicUrl}/oidc`;
}

/**
 * The configured issuers (the built-in one first when it is on), each discovered once on first
 * use. A failed discovery is forgotten, so a provider that was down is tried again next time.
 */
export class Issuers {
  private readonly entries: IssuerEntry[];
  private readonly discovered = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly config: Config,
    private readonly options: IssuerOptions = {},
  ) {
    const external = config.auth.externalIssuers.map((entry): IssuerEntry => ({
      id: entry.id,
      name: entry.name,
      issuerUrl: entry.issuer,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      scopes: entry.scopes,
      adminGroup: entry.adminGroup,
      adminClaim: entry.adminClaim,
      builtin: false,
    }));
    const builtin: IssuerEntry[] = config.auth.builtinIdp
      ? [
          {
            id: BUILTIN_ISSUER_ID,
            name: `${config.instanceName} account`,
            issuerUrl: builtinIssuerUrl(config),
            clientId: BUILTIN_CLIENT_ID,
            clientSecret: options.builtinClientSecret,
            scopes: "openid profile email",
            adminGroup: undefined,
            adminClaim: "groups",
            builtin: true,
          },
        ]
      : [];
    this.entries = [...builtin, ...external];
  }

  list(): IssuerEntry[] {
    return this.entries;
  }

  find(id: string): IssuerEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  configuration(entry: IssuerEntry): Promise<client.Configuration> {
    let pending = this.discovered.get(entry.id);
    if (!pending) {
      pending = this.discover(entry);
      pending.catch(() => this.discovered.delete(entry.id));
      this.discovered.set(entry.id, pending);
    }
    return pending;
  }

  private async discover(entry: IssuerEntry): Promise<client.Configuration> {
    const insecure = entry.issuerUrl.startsWith("http://");
    const fetcher = entry.builtin ? this.options.builtinFetch : undefined;
    const configuration = await client.discovery(
      new URL(entry.issuerUrl),
      entry.clientId,
      { redirect_uris: [redirectUri(this.config, entry.id)] },
      entry.clientSecret ? client.ClientSecretBasic(entry.clientSecret) : client.None(),
      {
        // Plain HTTP only where the operator configured it (a local instance, a test issuer).
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(fetcher ? { [client.customFetch]: fetcher } : {}),
        timeout: 10,
      },
    );
    if (fetcher) configuration[client.customFetch] = fetcher;
    return configuration;
  }
}
