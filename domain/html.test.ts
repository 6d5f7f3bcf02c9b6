import { expect, it } from "vitest";
import { escapeHtml, serializeJsonForHtml } from "./html.js";

it("escapes the characters that could open markup or end an attribute", () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
  );
});

it("serialises JSON that cannot close its script element and still parses back", () => {
  const value = { name: "</script><script>alert(1)</script>", line: "a\u2028b" };
  const text = serializeJsonForHtml(value);
  expect(text).not.toContain("</script");
  expect(JSON.parse(text)).toEqual(value);
});
