/**
 * The CalDAV server's addresses: /dav/ (the root), /dav/principals/<user id>/ (the signed-in user),
 * /dav/calendars/ (their calendar home), /dav/calendars/<group id>/ (a group's tasks) and
 * /dav/calendars/<group id>/<name> (one task or subtask, its name chosen by the calendar app).
 */

export const DAV_ROOT = "/dav/";
export const principalPath = (userId: string) => `/dav/principals/${encodeSegment(userId)}/`;
export const HOME_PATH = "/dav/calendars/";
export const calendarPath = (groupId: string) => `${HOME_PATH}${encodeSegment(groupId)}/`;
export const objectPath = (groupId: string, name: string) => `${calendarPath(groupId)}${encodeSegment(name)}`;

/** The longest resource name accepted (a UUID with ".ics" is 40). */
const NAME_MAX_LENGTH = 255;

/** A path segment as sent: percent-encoded where needed, "@" and the other sub-delimiters left as they are. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(40|3A|2B|2C|3B|3D|21|24|26|27|28|29|2A)/gi, (match) =>
    decodeURIComponent(match),
  );
}

export type DavPath =
  | { kind: "root" }
  | { kind: "principals" }
  | { kind: "principal"; userId: string }
  | { kind: "home" }
  | { kind: "calendar"; groupId: string }
  | { kind: "object"; groupId: string; name: string }
  | { kind: "invalid" };

/** A request's path (or an href from a body) read as one of ours; "invalid" for anything else. */
export function parseDavPath(url: string): DavPath {
  let path = url.split("?")[0]!.split("#")[0]!;
  // An href in a body may be absolute (http://host/dav/...).
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return { kind: "invalid" };
    }
  }
  if (path !== "/dav" && !path.startsWith("/dav/")) return { kind: "invalid" };
  let segments: string[];
  try {
    segments = path
      .slice("/dav".length)
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return { kind: "invalid" };
  }
  // A name with a control character, a slash once decoded, or of absurd length names nothing here.
  // eslint-disable-next-line no-control-regex
  if (segments.some((segment) => /[\u0000-\u001f\u007f/\\]/.test(segment) || segment.length > NAME_MAX_LENGTH))
    return { kind: "invalid" };
  const [first, second, third, ...rest] = segments;
  if (rest.length > 0) return { kind: "invalid" };
  if (first === undefined) return { kind: "root" };
  if (first === "principals")
    return second === undefined
      ? { kind: "principals" }
      : third === undefined
        ? { kind: "principal", userId: second }
        : { kind: "invalid" };
  if (first !== "calendars") return { kind: "invalid" };
  if (second === undefined) return { kind: "home" };
  if (third === undefined) return { kind: "calendar", groupId: second };
  if (third === "." || third === "..") return { kind: "invalid" };
  return { kind: "object", groupId: second, name: third };
}
