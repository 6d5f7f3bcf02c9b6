import { describe, expect, it } from "vitest";
import { serializeJsonForHtml } from "./html";
import { withoutInitialData } from "./initial-data";

describe("withoutInitialData (the service worker's offline copy of a page)", () => {
  const session = '<script id="session" type="application/json">{"user":{"name":"Ida"}}</script>';

  it("removes the page's data and keeps the rest of the page", () => {
    const data = serializeJsonForHtml({ home: { tasks: [{ title: "Buy milk </script><b>now</b>" }] } });
    const html = `<head>\n    ${session}\n    <script id="initial-data" type="application/json">${data}</script>\n    <link rel="modulepreload" href="/a.js"></head>`;
    expect(withoutInitialData(html)).toBe(`<head>\n    ${session}\n    <link rel="modulepreload" href="/a.js"></head>`);
  });

  it("leaves a page without data as it is", () => {
    const html = `<head>${session}</head><body><div id="root"></div></body>`;
    expect(withoutInitialData(html)).toBe(html);
  });
});
