import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a site that embeds the app in an iframe: GET /?src=<url> returns a page that
 * frames <url> and records every message the frame posts in window.received.
 * Served on 127.0.0.1 so its origin differs from the app's (localhost).
 */
export async function startEmbedHost(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("src") ?? "about:blank";
    const escaped = src.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Embedder</title>
<script>window.received = []; window.addEventListener("message", (event) => window.received.push({ origin: event.origin, data: event.data }));</script>
<iframe id="app" src="${escaped}" width="800" height="600" title="Embedded app"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
