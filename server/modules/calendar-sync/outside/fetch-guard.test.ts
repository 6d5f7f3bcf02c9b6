import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FETCH_MESSAGES,
  isAllowedAddress,
  isPublicAddress,
  normalizeOutsideUrl,
  outsideRequest,
  OutsideFetchError,
} from "./fetch-guard.js";

describe("outside requests: which addresses the server may connect to", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["2001:4860:4860::8888", true],
    ["[2606:4700:4700::1111]", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.10", false],
    ["169.254.169.254", false],
    ["169.254.0.1", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["0.0.0.0", false],
    ["0.1.2.3", false],
    ["224.0.0.1", false],
    ["239.255.255.250", false],
    ["255.255.255.255", false],
    ["192.0.2.1", false],
    ["198.18.0.1", false],
    ["::", false],
    ["::1", false],
    ["[::1]", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["::127.0.0.1", false],
    ["::7f00:1", false],
    ["[::7f00:1]", false],
    ["::808:808", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["2002:a9fe:a9fe::1", false],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", false],
    ["not an address", false],
    ["", false],
  ])("%s: %s", (address, allowed) => {
    expect(isPublicAddress(address)).toBe(allowed);
  });

  it("lets the operator allow all private addresses or only some networks", () => {
    expect(isAllowedAddress("192.168.1.10", true)).toBe(true);
    expect(isAllowedAddress("192.168.1.10", false)).toBe(false);
    expect(isAllowedAddress("192.168.1.10", ["192.168.1.10/32"])).toBe(true);
    expect(isAllowedAddress("::ffff:192.168.1.10", ["192.168.1.0/24"])).toBe(true);
    expect(isAllowedAddress("192.168.1.11", ["192.168.1.10/32"])).toBe(false);
    expect(isAllowedAddress("169.254.169.254", ["192.168.1.0/24"])).toBe(false);
    expect(isAllowedAddress("fd00::5", ["fd00::/64"])).toBe(true);
    expect(isAllowedAddress("8.8.8.8", ["192.168.1.0/24"])).toBe(true);
  });
});

describe("outside requests: which addresses are taken", () => {
  it.each([
    ["webcal://example.org/cal.ics", "https://example.org/cal.ics"],
    ["WEBCAL://example.org/a.ics", "https://example.org/a.ics"],
    ["  https://example.org/a.ics#frag ", "https://example.org/a.ics"],
    ["http://example.org:8080/a.ics", "http://example.org:8080/a.ics"],
  ])("%s is fetched as %s", (input, expected) => {
    expect(normalizeOutsideUrl(input).href).toBe(expected);
  });

  it.each([
    ["file:///etc/passwd", FETCH_MESSAGES.badUrl],
    ["ftp://example.org/a.ics", FETCH_MESSAGES.badUrl],
    ["gopher://127.0.0.1:25/", FETCH_MESSAGES.badUrl],
    ["javascript:alert(1)", FETCH_MESSAGES.badUrl],
    ["data:text/calendar,BEGIN:VCALENDAR", FETCH_MESSAGES.badUrl],
    ["example.org/a.ics", FETCH_MESSAGES.badUrl],
    ["https://example.org/a\r\nHost: evil", FETCH_MESSAGES.badUrl],
    ["https://example.org/\u0000", FETCH_MESSAGES.badUrl],
    ["https://user:secret@example.org/a.ics", FETCH_MESSAGES.credentialsInUrl],
    ["https://user@example.org/a.ics", FETCH_MESSAGES.credentialsInUrl],
    [`https://example.org/${"a".repeat(3000)}`, FETCH_MESSAGES.badUrl],
  ])("%s is refused", (input, message) => {
    expect(() => normalizeOutsideUrl(input)).toThrow(message);
  });
});

describe("outside requests over the network", () => {
  let server: http.Server;
  let base: string;
  const calendarText = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      if (url.pathname === "/ok") {
        response.setHeader("content-type", "text/calendar");
        response.end(calendarText);
      } else if (url.pathname === "/cookie") {
        response.setHeader("set-cookie", "session=1");
        response.end(JSON.stringify(request.headers));
      } else if (url.pathname === "/big") {
        // No length announced: the limit must cut the stream itself.
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sent = 0;
        const write = () => {
          while (sent < 100 && response.write(chunk)) sent += 1;
          if (sent < 100) response.once("drain", write);
          else response.end();
        };
        write();
      } else if (url.pathname === "/bomb") {
        response.setHeader("content-encoding", "gzip");
        response.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024)));
      } else if (url.pathname === "/slow") {
        response.write("BEGIN:VCALENDAR\r\n");
        // Never ends: the deadline must.
      } else if (url.pathname === "/to-metadata") {
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      } else if (url.pathname === "/to-ipv6-loopback") {
        response.writeHead(301, { location: "http://[::1]/" }).end();
      } else if (url.pathname === "/to-file") {
        response.writeHead(302, { location: "file:///etc/passwd" }).end();
      } else if (url.pathname.startsWith("/loop")) {
        const n = Number(url.searchParams.get("n") ?? 0);
        response.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
      } else if (url.pathname === "/auth") {
        response
          .writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/headers` })
          .end();
      } else if (url.pathname === "/headers") {
        response.end(JSON.stringify(request.headers));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const only127 = { allowPrivate: ["127.0.0.1/32"] };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(OutsideFetchError);
    return (error as OutsideFetchError).reason;
  };

  it("refuses a loopback address unless the operator allows it", async () => {
    expect(await failure(outsideRequest(new URL(`${base}/ok`), {}, { allowPrivate: false }))).toBe("refused_address");
    expect(await failure(outsideRequest(new URL(`http://localhost:1/ok`), {}, { allowPrivate: false }))).toBe(
      "refused_address",
    );
    const answer = await outsideRequest(new URL(`${base}/ok`), {}, only127);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(calendarText);
  });

  it("checks every redirect again: metadata, IPv6 loopback and file: are refused, a loop stops after 3", async () => {
    expect(await failure(outsideRequest(new URL(`${base}/to-metadata`), {}, only127))).toBe("refused_address");
    expect(await failure(outsideRequest(new URL(`${base}/to-ipv6-loopback`), {}, only127))).toBe("refused_address");
    expect(await failure(outsideRequest(new URL(`${base}/to-file`), {}, only127))).toBe("bad_url");
    expect(await failure(outsideRequest(new URL(`${base}/loop`), {}, only127))).toBe("too_many_redirects");
  });

  it("resolves a name itself and refuses it when it points into the private network", async () => {
    const port = (server.address() as AddressInfo).port;
    expect(
      await failure(outsideRequest(new URL(`http://localhost:${port}/ok`), {}, { allowPrivate: ["10.0.0.0/8"] })),
    ).toBe("refused_address");
  });

  it("drops the Authorization header on a redirect to another origin, and keeps no cookie", async () => {
    const answer = await outsideRequest(
      new URL(`${base}/auth`),
      { headers: { authorization: "Basic c2VjcmV0" } },
      { allowPrivate: true },
    );
    const headers = JSON.parse(answer.body.toString()) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    const withCookie = await outsideRequest(new URL(`${base}/cookie`), {}, only127);
    expect(withCookie.headers["set-cookie"]).toBeUndefined();
  });

  it("cuts off a body past the size limit, compressed or not", async () => {
    expect(await failure(outsideRequest(new URL(`${base}/big`), {}, { ...only127, maxBytes: 1024 * 1024 }))).toBe(
      "too_large",
    );
    expect(await failure(outsideRequest(new URL(`${base}/bomb`), {}, only127))).toBe("too_large");
  });

  it("gives up on a server that does not finish in time", async () => {
    const started = Date.now();
    expect(await failure(outsideRequest(new URL(`${base}/slow`), {}, { ...only127, timeoutMs: 300 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("says so when nothing answers", async () => {
    expect(await failure(outsideRequest(new URL("http://127.0.0.1:1/"), {}, only127))).toBe("unreachable");
  });
});
