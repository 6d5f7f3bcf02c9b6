import { describe, expect, it } from "vitest";
import { html } from "./mail-html.js";

// Prettier reflows templates tagged `html`; these tests compare exact strings.
describe("email HTML template", () => {
  it("escapes every interpolated value, in text and in attributes", () => {
    const name = `<script>alert("x")</script> & 'friends'`;
    const link = `https://example.org/?a=1&b="2"`;
    // prettier-ignore
    const built = html`<p>${name}</p><a href="${link}">go</a>`;
    expect(built.value).toBe(
      `<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</p><a href="https://example.org/?a=1&amp;b=&quot;2&quot;">go</a>`,
    );
  });

  it("nests fragments built with the tag without escaping them twice, and joins lists", () => {
    const items = ["a<b", "c"].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const built = html`<ul>${items}</ul>${null}${undefined}${false}`;
    expect(built.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>");
  });

  it("escapes an object that only looks like a built fragment (a SafeHtml that went through JSON, say)", () => {
    const lookalike = { value: "<b>bold</b>", toString: () => "<b>bold</b>" };
    expect(html`${lookalike}`.value).toBe("&lt;b&gt;bold&lt;/b&gt;");
    const revived: unknown = JSON.parse(JSON.stringify(html`<b>bold</b>`));
    expect(html`${revived}`.value).not.toContain("<b>");
  });
});
