import { expect, it } from "vitest";
import { mayCarryPassword } from "./caldav-source.js";

/** A CalDAV account's password goes only to its own servers, whatever a server's answer names. */
it.each([
  ["https://caldav.icloud.com/", "https://caldav.icloud.com/123/calendars/", true],
  ["https://caldav.icloud.com/", "https://p42-caldav.icloud.com/123/calendars/", true],
  ["https://caldav.icloud.com/", "https://icloud.com/", true],
  ["https://caldav.icloud.com/", "http://p42-caldav.icloud.com/", false],
  ["https://caldav.icloud.com/", "https://evil.example/", false],
  ["https://caldav.icloud.com/", "https://icloud.com.evil.example/", false],
  ["https://caldav.icloud.com/", "https://notcloud.com/", false],
  ["http://nextcloud.lan:8080/", "http://nextcloud.lan:8080/remote.php/dav/", true],
  ["http://nextcloud.lan:8080/", "http://other.lan:8080/", false],
  ["https://dav.example.org/", "https://dav.example.org:8443/", true],
  ["https://203.0.113.4/", "https://198.51.113.4/", false],
  ["https://203.0.113.4/", "https://113.4/", false],
  ["https://203.0.113.4/", "https://203.0.113.4/dav/", true],
])("%s → %s: %s", (account, target, allowed) => {
  expect(mayCarryPassword(new URL(account), new URL(target))).toBe(allowed);
});
