/**
 * A minimal browser stand-in for integration tests: keeps cookies (by path), follows no redirect
 * on its own so tests can look at each hop, and sends Origin like a browser does on writes.
 */
export class HttpClient {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly baseUrl: string) {}

  async request(
    pathOrUrl: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const method = init.method ?? (init.json === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url.pathname);
    if (cookie) headers.cookie = cookie;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && headers.origin === undefined) headers.origin = new URL(this.baseUrl).origin;
    const response = await fetch(url, {
      method,
      headers,
      redirect: "manual",
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    this.store(response);
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
    this.cookies.set(name, { value, path });
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  private store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const path = attributes.find((attribute) => attribute.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, { value, path });
    }
  }
}
