import type { User } from "../../../repositories/user-repository.js";
import type { DavResource } from "./collection.js";
import { DAV_ROOT, HOME_PATH, principalPath } from "./paths.js";
import {
  APPLE_ICAL,
  CALDAV,
  CALSERVER,
  DAV,
  element,
  escapeXml,
  nameKey,
  type PropStat,
  type QName,
  qname,
} from "./xml.js";

/**
 * The properties each kind of resource has (RFC 4918, 4791, 6578, 5397, and the calendar server
 * extension getctag that Apple's and older clients poll). A property asked for and not listed
 * here is answered 404 in its own propstat, as RFC 4918 asks.
 */

export type Props = Map<string, { name: QName; value: () => string }>;

const d = (name: string) => qname(DAV, name);
const c = (name: string) => qname(CALDAV, name);
const href = (path: string) => element(d("href"), escapeXml(path));

function props(entries: [QName, () => string][]): Props {
  return new Map(entries.map(([name, value]) => [nameKey(name), { name, value }]));
}

function common(user: User): [QName, () => string][] {
  return [
    [d("current-user-principal"), () => href(principalPath(user.id))],
    [c("calendar-home-set"), () => href(HOME_PATH)],
    [d("principal-collection-set"), () => href("/dav/principals/")],
  ];
}

const privileges = (names: string[]) => names.map((name) => element(d("privilege"), element(d(name)))).join("");

export function rootProps(user: User, path: string): Props {
  return props([
    [d("resourcetype"), () => element(d("collection"))],
    [d("displayname"), () => (path === DAV_ROOT ? "Tandem" : "Calendars")],
    [d("current-user-privilege-set"), () => privileges(["read"])],
    ...common(user),
  ]);
}

export function principalProps(user: User): Props {
  return props([
    [d("resourcetype"), () => element(d("principal"))],
    [d("displayname"), () => escapeXml(user.name)],
    [d("principal-URL"), () => href(principalPath(user.id))],
    [c("calendar-user-address-set"), () => (user.email ? href(`mailto:${user.email}`) : "")],
    [d("current-user-privilege-set"), () => privileges(["read"])],
    ...common(user),
  ]);
}

export interface CalendarInfo {
  groupId: string;
  name: string;
  syncToken: string;
  ctag: string;
  maxSize: number;
}

export function calendarProps(user: User, calendar: CalendarInfo): Props {
  return props([
    [d("resourcetype"), () => element(d("collection")) + element(c("calendar"))],
    [d("displayname"), () => escapeXml(calendar.name)],
    [c("calendar-description"), () => escapeXml(`Tasks of ${calendar.name} in Tandem`)],
    [c("supported-calendar-component-set"), () => '<c:comp name="VTODO"/>'],
    [c("supported-calendar-data"), () => '<c:calendar-data content-type="text/calendar" version="2.0"/>'],
    [c("max-resource-size"), () => String(calendar.maxSize)],
    [qname(CALSERVER, "getctag"), () => escapeXml(calendar.ctag)],
    [d("sync-token"), () => escapeXml(calendar.syncToken)],
    [d("owner"), () => href(principalPath(user.id))],
    [
      d("current-user-privilege-set"),
      () => privileges(["read", "write", "write-content", "bind", "unbind", "read-current-user-privilege-set"]),
    ],
    [
      d("supported-report-set"),
      () =>
        ["sync-collection", "calendar-query", "calendar-multiget"]
          .map((report) =>
            element(
              d("supported-report"),
              element(d("report"), element(report === "sync-collection" ? d(report) : c(report))),
            ),
          )
          .join(""),
    ],
    [qname(APPLE_ICAL, "calendar-order"), () => "1"],
    ...common(user),
  ]);
}

export function objectProps(resource: DavResource, withData: boolean): Props {
  const entries: [QName, () => string][] = [
    [d("resourcetype"), () => ""],
    [d("getetag"), () => escapeXml(resource.etag)],
    [d("getcontenttype"), () => "text/calendar; charset=utf-8; component=VTODO"],
    [d("getcontentlength"), () => String(Buffer.byteLength(resource.text))],
  ];
  // Asked for by name only: allprop leaves it out (RFC 4791, 9.6).
  if (withData) entries.push([c("calendar-data"), () => escapeXml(resource.text)]);
  return props(entries);
}

export type PropRequest = { kind: "all" } | { kind: "names" } | { kind: "some"; names: QName[] };

/** The propstats of a resource for what was asked: each found property under 200, the rest under 404. */
export function propstats(available: Props, request: PropRequest): PropStat[] {
  if (request.kind === "names")
    return [{ status: 200, props: [...available.values()].map((prop) => element(prop.name)) }];
  if (request.kind === "all")
    return [
      {
        status: 200,
        props: [...available.values()]
          .filter((prop) => prop.name.name !== "calendar-data")
          .map((prop) => element(prop.name, prop.value())),
      },
    ];
  const found: string[] = [];
  const missing: string[] = [];
  for (const name of request.names) {
    const prop = available.get(nameKey(name));
    if (prop) found.push(element(name, prop.value()));
    else missing.push(element(name));
  }
  return [
    { status: 200, props: found },
    { status: 404, props: missing },
  ];
}
