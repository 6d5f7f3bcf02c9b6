export interface HttpClientOptions {
  /**
   * Stands in for a TLS-terminating reverse proxy: requests to `baseUrl` (an https:// address)
   * are sent to this plain-HTTP address, with X-Forwarded-Proto: https, as such a proxy does.
   */
  proxyTo?: string;
  /** This client's address as a trusted proxy names it (X-Forwarded-For; the server needs TRUST_PROXY). */
  forwardedFor?: string;
}

/**
 * A minimal browser stand-in for integration tests: keeps cookies (by path, with a browser's
 * rules for `Secure` and the `__Host-`/`__Secure-` prefixes), follows no redirect on its own so
 * tests can look at each hop, and sends Origin like a browser does on writes.
 */
export class HttpClient {
  private readonly cookies = new Map<string, { value: string; path: string; secure: boolean }>();

  constructor(
    readonly baseUrl: string,
    private readonly options: HttpClientOptions = {},
  ) {}

  async request(
    pathOrUrl: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: Uint8Array | string } = {},
  ): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const method = init.method ?? (init.json === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...init.headers };
    const secure = url.protocol === "https:";
    const cookie = this.cookieHeader(url.pathname, secure);
    if (cookie) headers.cookie = cookie;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && headers.origin === undefined) headers.origin = new URL(this.baseUrl).origin;
    if (this.options.forwardedFor) headers["x-forwarded-for"] = this.options.forwardedFor;
    let target = url;
    if (this.options.proxyTo && url.origin === new URL(this.baseUrl).origin) {
      target = new URL(url.pathname + url.search, this.options.proxyTo);
      headers["x-forwarded-proto"] = "https";
    }
    const response = await fetch(target, {
      method,
      headers,
      redirect: "manual",
      // Raw bytes (an upload) as they are, with the content-type the caller set in `headers`.
      body:
        init.json !== undefined
          ? JSON.stringify(init.json)
          : typeof init.body === "string"
            ? init.body
            : init.body && new Uint8Array(init.body),
    });
    this.store(response, secure);
    return response;
  }

  /** Follows redirects within our origin, stopping at the first answer that is not a redirect or leaves it. */
  async follow(pathOrUrl: string, maxHops = 10): Promise<{ response: Response; url: URL }> {
    let url = new URL(pathOrUrl, this.baseUrl);
    for (let hop = 0; hop < maxHops; hop += 1) {
      const response = await this.request(url.href);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      const next = new URL(location, url);
      if (next.origin !== url.origin) return { response, url: next };
      url = next;
    }
    throw new Error(`more than ${maxHops} redirects from ${pathOrUrl}`);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path = "/"): void {
    this.cookies.set(name, { value, path, secure: name.startsWith("__Host-") || name.startsWith("__Secure-") });
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  private cookieHeader(pathname: string, secure: boolean): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path) && (secure || !cookie.secure))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  private store(response: Response, fromSecureOrigin: boolean): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const path = attributes.find((attribute) => attribute.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const secure = attributes.some((attribute) => attribute.toLowerCase() === "secure");
      const domain = attributes.some((attribute) => attribute.toLowerCase().startsWith("domain="));
      // What browsers refuse to store (RFC 6265bis 5.7): Secure from an http:// page, a __Secure-
      // cookie without Secure, a __Host- cookie without Secure, with a Domain, or not on Path=/.
      if (secure && !fromSecureOrigin) continue;
      if (name!.startsWith("__Secure-") && !secure) continue;
      if (name!.startsWith("__Host-") && (!secure || domain || path !== "/")) continue;
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, { value, path, secure });
    }
  }
}
