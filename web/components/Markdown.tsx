import { lexer, type Token, type Tokens } from "marked";
import { Fragment, type ReactNode } from "react";

/**
 * Markdown typed by users (task notes), rendered as React elements from marked's tokens: no HTML
 * string is ever put into the page, so raw HTML in the text (a <script>, an onclick) shows as the
 * text it is. Links keep only http(s) and mailto targets and open outside the app; images are
 * shown as links, so notes cannot make the browser fetch anything by themselves.
 */
export function Markdown({ source, className = "" }: { source: string; className?: string }) {
  return (
    <div className={`prose prose-sm max-w-none break-words dark:prose-invert ${NOTES_STYLE} ${className}`}>
      {blocks(lex(source))}
    </div>
  );
}

/**
 * Over the typography plugin's defaults (more specific selectors, so they win whatever the order of
 * the stylesheet): inline code without the backticks it would draw around it and quotes without
 * the quotation marks it would add, since notes show what was typed, formatted and nothing more;
 * links in the brand colour, so they read as links in both themes.
 */
const NOTES_STYLE = [
  "[&_code]:before:content-none [&_code]:after:content-none",
  "[&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none",
  "[&_a]:text-brand",
].join(" ");

function lex(source: string): Token[] {
  try {
    return lexer(source, { gfm: true, breaks: true });
  } catch {
    return [{ type: "paragraph", raw: source, text: source, tokens: [{ type: "text", raw: source, text: source }] }];
  }
}

const SAFE_URL = /^(https?:|mailto:)/i;

/** A link target that can only leave for the web or a mail program; null for anything else (javascript:, data:). */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (!SAFE_URL.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** marked leaves character references in text as typed ("AT&amp;T"); React shows text as it is, so decode them. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function blocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{block(token)}</Fragment>);
}

function inline(tokens: readonly Token[] | undefined, fallback = ""): ReactNode[] {
  if (!tokens) return [decodeEntities(fallback)];
  return tokens.map((token, index) => <Fragment key={index}>{inlineToken(token)}</Fragment>);
}

function block(token: Token): ReactNode {
  switch (token.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return <p>{inline((token as Tokens.Paragraph).tokens, token.raw)}</p>;
    case "heading": {
      // The page has its own h1 and h2s: notes' headings sit below them.
      const heading = token as Tokens.Heading;
      const Tag = heading.depth <= 1 ? "h3" : heading.depth === 2 ? "h4" : "h5";
      return <Tag>{inline(heading.tokens, heading.text)}</Tag>;
    }
    case "code":
      return (
        <pre>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case "blockquote":
      return <blockquote>{blocks((token as Tokens.Blockquote).tokens)}</blockquote>;
    case "hr":
      return <hr />;
    case "list": {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index} className={item.task ? "list-none" : undefined}>
          {item.task && (
            <input
              type="checkbox"
              checked={item.checked === true}
              readOnly
              disabled
              aria-label={item.checked ? "Done" : "Not done"}
              className="mr-2 align-middle"
            />
          )}
          {item.loose ? blocks(item.tokens) : listItemContent(item.tokens)}
        </li>
      ));
      return list.ordered ? (
        <ol start={list.start === "" || list.start === 1 ? undefined : list.start}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      );
    }
    case "table": {
      const table = token as Tokens.Table;
      return (
        <div className="overflow-x-auto">
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                    {inline(cell.tokens, cell.text)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                      {inline(cell.tokens, cell.text)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "html":
      // Raw HTML is shown as what was typed, never interpreted.
      return <p>{token.raw.trim()}</p>;
    case "text": {
      const text = token as Tokens.Text;
      return <p>{inline(text.tokens, text.text)}</p>;
    }
    default:
      return <p>{token.raw}</p>;
  }
}

/** A tight list item holds text tokens (not paragraphs) and maybe a nested list. */
function listItemContent(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, index) => {
    if (token.type === "checkbox") return null;
    if (token.type === "text") {
      const text = token as Tokens.Text;
      return <Fragment key={index}>{inline(text.tokens, text.text)}</Fragment>;
    }
    return <Fragment key={index}>{block(token)}</Fragment>;
  });
}

function inlineToken(token: Token): ReactNode {
  switch (token.type) {
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens, text.text) : decodeEntities(text.text);
    }
    case "escape":
      return (token as Tokens.Escape).text;
    case "strong":
      return <strong>{inline((token as Tokens.Strong).tokens)}</strong>;
    case "em":
      return <em>{inline((token as Tokens.Em).tokens)}</em>;
    case "del":
      return <del>{inline((token as Tokens.Del).tokens)}</del>;
    case "codespan":
      return (
        <code className="rounded bg-surface-muted px-1 py-0.5">{decodeEntities((token as Tokens.Codespan).text)}</code>
      );
    case "br":
      return <br />;
    case "link": {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const content = inline(link.tokens, link.text);
      if (!href) return <span>{content}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {content}
        </a>
      );
    }
    case "image": {
      const image = token as Tokens.Image;
      const href = safeHref(image.href);
      const label = image.text || image.href;
      if (!href) return <span>{label}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {label}
        </a>
      );
    }
    case "html":
      // Inline tags (<b>, <script>, <img onerror>) are shown as typed.
      return token.raw;
    case "checkbox":
      return null;
    default:
      return token.raw;
  }
}
