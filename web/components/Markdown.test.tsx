import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { decodeEntities, Markdown, safeHref } from "./Markdown";

/** The rendered notes without the wrapper element. */
const render = (source: string) =>
  renderToStaticMarkup(<Markdown source={source} />).replace(/^<div class="[^"]*">|<\/div>$/g, "");

describe("Markdown (task notes)", () => {
  it("renders the usual formatting", () => {
    const html = render("# Plan\n\n**Bold**, *em*, ~~gone~~ and `code`\n\n- one\n- two\n\n1. first\n\n> quoted");
    expect(html).toContain("<h3>Plan</h3>");
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toMatch(/<code [^>]*>code<\/code>/);
    expect(html).toMatch(/<ul><li>one<\/li><li>two<\/li><\/ul>/);
    expect(html).toContain("<ol><li>first</li></ol>");
    expect(html).toContain("<blockquote><p>quoted</p></blockquote>");
  });

  it("renders inline code, fenced code and nested lists, with markup inside code as text", () => {
    expect(render("Run `npm <start>` now")).toBe(
      '<p>Run <code class="rounded bg-surface-muted px-1 py-0.5">npm &lt;start&gt;</code> now</p>',
    );
    expect(render("```\n<b>bold?</b>\n  indented\n```")).toBe(
      "<pre><code>&lt;b&gt;bold?&lt;/b&gt;\n  indented</code></pre>",
    );
    expect(render("- one\n  - inner `x`\n- [two](https://example.org) `y`")).toBe(
      '<ul><li>one<ul><li>inner <code class="rounded bg-surface-muted px-1 py-0.5">x</code></li></ul></li>' +
        '<li><a href="https://example.org/" target="_blank" rel="noopener noreferrer nofollow">two</a> ' +
        '<code class="rounded bg-surface-muted px-1 py-0.5">y</code></li></ul>',
    );
  });

  it("shows raw HTML as text: no element, no attribute of it reaches the page", () => {
    for (const source of [
      "<script>alert(1)</script>",
      "Hello <script>alert(1)</script> there",
      '<img src=x onerror="alert(1)">',
      "<div onclick=alert(1)>hi</div>",
      "- item <b>x</b>",
      '<a href="javascript:alert(1)">x</a>',
      "<iframe src=https://example.org></iframe>",
    ]) {
      const html = render(source);
      expect(html, source).not.toMatch(/<(script|img|div|b|iframe)\b/);
      expect(html, source).not.toMatch(/<a\b/);
      expect(html, source).toContain("&lt;");
    }
    expect(render("Hello <script>alert(1)</script> there")).toContain(
      "Hello &lt;script&gt;alert(1)&lt;/script&gt; there",
    );
  });

  it("keeps only web and mail links, opening outside the app; images become links", () => {
    expect(render("[site](https://example.org/a?b=1)")).toContain(
      '<a href="https://example.org/a?b=1" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(render("[bad](javascript:alert(1))")).toBe("<p><span>bad</span></p>");
    expect(render("[data](data:text/html;base64,PHNjcmlwdD4=)")).not.toContain("<a");
    expect(render("![cat](https://example.org/cat.png)")).toContain('<a href="https://example.org/cat.png"');
    expect(render("![cat](https://example.org/cat.png)")).not.toContain("<img");
    expect(safeHref(" mailto:ada@example.org ")).toBe("mailto:ada@example.org");
    expect(safeHref("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("/relative")).toBeNull();
  });

  it("shows character references as the characters they stand for, once", () => {
    expect(decodeEntities("AT&amp;T &lt;3 &#65;&#x42; &bogus;")).toBe("AT&T <3 AB &bogus;");
    expect(render("AT&amp;T")).toContain("<p>AT&amp;T</p>");
  });

  it("shows task list items with read-only checkboxes", () => {
    const html = render("- [x] done\n- [ ] open");
    expect(html.match(/<input type="checkbox"[^>]*disabled=""[^>]*>/g)).toHaveLength(2);
    expect(html).toMatch(/aria-label="Done"[^>]*checked=""/);
    expect(html).toContain('aria-label="Done"');
    expect(html).toContain('aria-label="Not done"');
  });
});
