import { DOMParser, type Element } from "@xmldom/xmldom";

/**
 * WebDAV's XML, both ways. Requests are read namespace-aware with @xmldom/xmldom
 * (docs/decisions.md, "XML for CalDAV"); a document type declaration is refused before parsing,
 * so no entity (internal or external) is ever expanded: a WebDAV body never needs one, and
 * refusing it ends "billion laughs" and external-entity reads at once. Answers are written as
 * text with fixed prefixes.
 */

export const DAV = "DAV:";
export const CALDAV = "urn:ietf:params:xml:ns:caldav";
export const CALSERVER = "http://calendarserver.org/ns/";
export const APPLE_ICAL = "http://apple.com/ns/ical/";

const PREFIXES: Record<string, string> = { [DAV]: "d", [CALDAV]: "c", [CALSERVER]: "cs", [APPLE_ICAL]: "ic" };

/** A property or element name: its namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

export const qname = (ns: string, name: string): QName => ({ ns, name });
export const sameName = (a: QName, b: QName) => a.ns === b.ns && a.name === b.name;
export const nameKey = (name: QName) => `{${name.ns}}${name.name}`;

export class XmlError extends Error {}

/** The body's root element, or null for an empty body; XmlError for anything that is not plain XML. */
export function parseXml(text: string): Element | null {
  if (text.trim() === "") return null;
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError("Document type declarations are not accepted");
  let failed: string | null = null;
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") failed ??= message;
      },
    }).parseFromString(text, "application/xml");
  } catch (error) {
    throw new XmlError(error instanceof Error ? error.message : "Not well-formed XML");
  }
  const root = document.documentElement;
  if (failed !== null || !root) throw new XmlError(failed ?? "No root element");
  return root;
}

export const nameOf = (element: Element): QName => ({ ns: element.namespaceURI ?? "", name: element.localName ?? "" });

export function is(element: Element | null | undefined, ns: string, name: string): element is Element {
  return !!element && element.namespaceURI === ns && element.localName === name;
}

/** The element children (text and comments left out). */
export function children(element: Element): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) found.push(node as Element);
  }
  return found;
}

export function child(element: Element, ns: string, name: string): Element | undefined {
  return children(element).find((candidate) => is(candidate, ns, name));
}

export function textOf(element: Element): string {
  return element.textContent ?? "";
}

export function escapeXml(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(
      // Characters XML 1.0 cannot carry at all: left out rather than sent as a broken document.
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g,
      "",
    );
}

/** An element's tag with our prefix for known namespaces, else a declaration of its own. */
export function tag(name: QName): { open: string; close: string; empty: string } {
  const prefix = PREFIXES[name.ns];
  if (prefix)
    return { open: `<${prefix}:${name.name}>`, close: `</${prefix}:${name.name}>`, empty: `<${prefix}:${name.name}/>` };
  // A prefix cannot stand for no namespace (Namespaces in XML, 5): a property asked for without one
  // is written unprefixed, or the whole answer would be a document no client can read.
  if (name.ns === "")
    return { open: `<${name.name} xmlns="">`, close: `</${name.name}>`, empty: `<${name.name} xmlns=""/>` };
  const declaration = ` xmlns:x="${escapeXml(name.ns)}"`;
  return {
    open: `<x:${name.name}${declaration}>`,
    close: `</x:${name.name}>`,
    empty: `<x:${name.name}${declaration}/>`,
  };
}

/** An element with text or already-written XML inside. */
export function element(name: QName, inner = ""): string {
  const written = tag(name);
  return inner === "" ? written.empty : `${written.open}${inner}${written.close}`;
}

export const dav = (name: string, inner = "") => element(qname(DAV, name), inner);

const ROOT_NAMESPACES = Object.entries(PREFIXES)
  .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
  .join("");

export function document(rootName: QName, inner: string): string {
  const written = tag(rootName);
  const open = written.open.replace(">", `${ROOT_NAMESPACES}>`);
  return `<?xml version="1.0" encoding="utf-8"?>\n${open}${inner}${written.close}`;
}

/** A DAV:error body naming the precondition that failed (RFC 4918, 16). */
export function errorDocument(condition: QName): string {
  return document(qname(DAV, "error"), element(condition));
}

export interface PropStat {
  status: number;
  props: string[];
}

const REASONS: Record<number, string> = {
  200: "OK",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  424: "Failed Dependency",
  507: "Insufficient Storage",
};

export const statusLine = (status: number) => `HTTP/1.1 ${status} ${REASONS[status] ?? ""}`.trim();

export function response(href: string, propstats: PropStat[]): string {
  const inner = propstats
    .filter((stat) => stat.props.length > 0)
    .map((stat) => dav("propstat", dav("prop", stat.props.join("")) + dav("status", statusLine(stat.status))))
    .join("");
  return dav("response", dav("href", escapeXml(href)) + inner);
}

export function statusResponse(href: string, status: number): string {
  return dav("response", dav("href", escapeXml(href)) + dav("status", statusLine(status)));
}

export function multistatus(responses: string[], extra = ""): string {
  return document(qname(DAV, "multistatus"), responses.join("") + extra);
}
