import dns, { type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";

/**
 * Requests the server makes to addresses its users typed (calendar subscriptions, CalDAV
 * servers; docs/calendar.md, "Outside calendars"). A user must not be able to make the server
 * read its own network: every address a name resolves to is checked, and the connection goes to
 * the very address that was checked (the lookup below is the socket's), so a name that answers
 * differently a moment later (DNS rebinding) gains nothing. Redirects are followed by hand and
 * each hop is checked again; the whole exchange has one deadline and one size limit.
 */

export type FetchFailure =
  | "bad_url"
  | "refused_address"
  | "unreachable"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "http_status"
  | "not_calendar"
  | "unauthorized";

/** Why an outside request failed, in words a user can act on (shown in connection-status too). */
export class OutsideFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = "OutsideFetchError";
  }
}

/**
 * Which addresses outside the public internet may be fetched (CALENDAR_ALLOW_PRIVATE_URLS): none,
 * all, or those in the listed networks ("192.168.1.10/32": the Nextcloud on the LAN, nothing else).
 */
export type PrivateAllowance = boolean | readonly string[];

export interface FetchLimits {
  allowPrivate: PrivateAllowance;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** An end shared by several exchanges (Date.now() scale): a CalDAV refresh is many requests. */
  deadline?: number;
  /** Of the body as read (after decompression). */
  maxBytes?: number;
  maxRedirects?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;

export const FETCH_MESSAGES = {
  badUrl: "Use an address that starts with https://, http:// or webcal://",
  credentialsInUrl: "Leave the user name and password out of the address",
  refusedAddress: "That address points into a private network, which this server does not fetch from",
  unreachable: "The server at that address could not be reached",
  timeout: "The server at that address took too long to answer",
  tooLarge: "The calendar is larger than the 5 MB this server reads",
  accountTooLarge: "The account's calendars are larger than the 10 MB this server keeps",
  tooManyRedirects: "The address redirects too many times",
  notCalendar: "The address does not answer with an iCalendar (.ics) file",
  unauthorized: "The server refused the user name or password",
} as const;

/**
 * Whether the server may connect to this IP address: only ordinary public unicast. Everything
 * ipaddr.js names otherwise is refused: loopback, private (RFC 1918, fc00::/7), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), multicast, broadcast, unspecified
 * (0.0.0.0/8, ::), shared address space (100.64/10), documentation and benchmarking ranges, and
 * IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo), which a gateway could
 * turn into a private one. `process` reads an IPv4-mapped IPv6 address as the IPv4 it carries.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  // The deprecated IPv4-compatible form (::a.b.c.d, ::/96) is "unicast" to ipaddr.js, yet carries
  // an IPv4 address as the mapped form does: [::127.0.0.1] must not pass for a public host.
  if (parsed.kind() === "ipv6" && parsed.match(ipaddr.parseCIDR("::/96"))) return false;
  return parsed.range() === "unicast";
}

/** Whether the server may connect to the address under the operator's allowance. */
export function isAllowedAddress(address: string, allowPrivate: PrivateAllowance): boolean {
  if (allowPrivate === true || isPublicAddress(address)) return true;
  if (allowPrivate === false) return false;
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  return allowPrivate.some((cidr) => {
    const [network, prefix] = ipaddr.parseCIDR(cidr);
    const net = network.kind() === "ipv6" ? ipaddr.process(network.toString()) : network;
    if (net.kind() !== parsed.kind()) return false;
    // A mapped IPv6 network read as IPv4 keeps its prefix relative to 128 bits.
    const bits = network.kind() === "ipv6" && net.kind() === "ipv4" ? prefix - 96 : prefix;
    return parsed.match(net, bits);
  });
}

/**
 * The address as the server will fetch it: webcal:// is https (what calendar apps mean by it),
 * only http and https otherwise, no user name or password inside (they would be sent to whoever
 * the address redirects to, and kept in the database in the clear), no control characters.
 */
export function normalizeOutsideUrl(input: string): URL {
  const trimmed = input.trim();
  // Control characters and spaces inside an address are how request smuggling starts; none is legal.
  // eslint-disable-next-line no-control-regex
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH || /[\u0000-\u0020\u007f-\u009f]/.test(trimmed))
    throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
  const withScheme = trimmed.replace(/^webcals?:\/\//i, "https://");
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
  if (url.username !== "" || url.password !== "")
    throw new OutsideFetchError("bad_url", FETCH_MESSAGES.credentialsInUrl);
  if (url.hostname === "") throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
  url.hash = "";
  return url;
}

/** "localhost" and its subdomains never reach DNS: they are this machine. */
function isLocalName(hostname: string): boolean {
  const host = hostname.replace(/\.$/, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost");
}

/** Checks a literal IP host before connecting (the socket does not look a literal up). */
function checkHost(url: URL, allowPrivate: PrivateAllowance): void {
  if (allowPrivate === true) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isLocalName(host) && allowPrivate === false)
    throw new OutsideFetchError("refused_address", FETCH_MESSAGES.refusedAddress);
  if (isIP(host) !== 0 && !isAllowedAddress(host, allowPrivate))
    throw new OutsideFetchError("refused_address", FETCH_MESSAGES.refusedAddress);
}

/**
 * The socket's lookup: every address the name has must be public (one private answer among
 * public ones is refused too), and the socket connects to what was checked.
 */
function guardedLookup(allowPrivate: PrivateAllowance): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0) return callback(new OutsideFetchError("unreachable", FETCH_MESSAGES.unreachable), "", 4);
      if (list.some((entry) => !isAllowedAddress(entry.address, allowPrivate)))
        return callback(new OutsideFetchError("refused_address", FETCH_MESSAGES.refusedAddress), "", 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface OutsideRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** "manual": a redirect is returned as it is (tsdav reads a discovery redirect itself). */
  redirect?: "follow" | "manual";
}

export interface OutsideResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One request with the checks above, following up to `maxRedirects` redirects (each checked
 * again; an Authorization header is kept only within the first origin). No cookie is kept or
 * sent. The body is read up to the size limit and then cut off.
 */
export async function outsideRequest(
  target: URL,
  request: OutsideRequest,
  limits: FetchLimits,
): Promise<OutsideResponse> {
  const deadline = Math.min(Date.now() + (limits.timeoutMs ?? DEFAULT_TIMEOUT_MS), limits.deadline ?? Infinity);
  const maxRedirects = limits.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const origin = target.origin;
  let url = target;
  let method = (request.method ?? "GET").toUpperCase();
  let body = request.body;
  for (let hop = 0; ; hop += 1) {
    checkHost(url, limits.allowPrivate);
    const headers = { ...request.headers };
    if (url.origin !== origin) {
      for (const name of Object.keys(headers)) if (name.toLowerCase() === "authorization") delete headers[name];
    }
    const response = await once(url, method, headers, body, deadline, limits);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || request.redirect === "manual") return response;
    if (hop >= maxRedirects) throw new OutsideFetchError("too_many_redirects", FETCH_MESSAGES.tooManyRedirects);
    let next: URL;
    try {
      next = normalizeOutsideUrl(new URL(location, url).href);
    } catch {
      throw new OutsideFetchError("bad_url", FETCH_MESSAGES.badUrl);
    }
    // 303, and 301/302 after a POST as browsers do, turn into a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
    url = next;
  }
}

function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  deadline: number,
  limits: FetchLimits,
): Promise<OutsideResponse> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutsideFetchError("timeout", FETCH_MESSAGES.timeout));
    let settled = false;
    const fail = (error: OutsideFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const client = url.protocol === "https:" ? https : http;
    const outgoing = client.request(url, {
      method,
      headers: { "user-agent": "Tandem calendar", "accept-encoding": "gzip, deflate, br", ...headers },
      lookup: guardedLookup(limits.allowPrivate),
      // A new connection each time: a pooled one might have been opened for another check.
      agent: false,
    });
    const timer = setTimeout(() => fail(new OutsideFetchError("timeout", FETCH_MESSAGES.timeout)), remaining);
    outgoing.on("error", (error) =>
      fail(
        error instanceof OutsideFetchError ? error : new OutsideFetchError("unreachable", FETCH_MESSAGES.unreachable),
      ),
    );
    outgoing.on("response", (incoming: IncomingMessage) => {
      const declared = Number(incoming.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes && !incoming.headers["content-encoding"])
        return fail(new OutsideFetchError("too_large", FETCH_MESSAGES.tooLarge));
      const stream = decoded(incoming);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Counted after decompression, so a small compressed bomb is cut off as early.
        if (size > maxBytes) {
          stream.destroy();
          return fail(new OutsideFetchError("too_large", FETCH_MESSAGES.tooLarge));
        }
        chunks.push(chunk);
      });
      stream.on("error", () => fail(new OutsideFetchError("unreachable", FETCH_MESSAGES.unreachable)));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined || name === "set-cookie") continue;
          flat[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        // The body is decoded here: what is handed on must not claim an encoding.
        delete flat["content-encoding"];
        delete flat["content-length"];
        resolve({ status: incoming.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks), url: url.href });
      });
    });
    outgoing.end(body);
  });
}

function decoded(incoming: IncomingMessage): NodeJS.ReadableStream & { destroy(): void } {
  const encoding = String(incoming.headers["content-encoding"] ?? "").toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return incoming.pipe(zlib.createGunzip());
  if (encoding === "deflate") return incoming.pipe(zlib.createInflate());
  if (encoding === "br") return incoming.pipe(zlib.createBrotliDecompress());
  return incoming;
}

/**
 * A `fetch` for tsdav that goes through the same checks, so a CalDAV server's address (and the
 * addresses its answers lead to) are held to the rules of a subscription.
 */
export function guardedFetch(limits: FetchLimits): typeof globalThis.fetch {
  return async (input, init) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === "string" ? init.body : undefined;
    const answer = await outsideRequest(
      normalizeOutsideUrl(href),
      { method: init?.method ?? "GET", headers, body, redirect: init?.redirect === "manual" ? "manual" : "follow" },
      limits,
    );
    const empty = answer.status === 204 || answer.status === 304 || (answer.status >= 100 && answer.status < 200);
    const response = new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status < 200 || answer.status > 599 ? 502 : answer.status,
      headers: answer.headers,
    });
    Object.defineProperty(response, "url", { value: answer.url });
    return response;
  };
}
