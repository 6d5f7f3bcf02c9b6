import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";

/**
 * A real CalDAV server for the tests: Debian's Radicale (.ci/run installs it) on a free port,
 * with its storage in a temporary folder and its users in a plain htpasswd file.
 */
export interface RadicaleAccount {
  username: string;
  password: string;
}

export interface Radicale {
  baseUrl: string;
  /** A new user (Radicale reads its htpasswd file on every sign-in). */
  addUser(username: string): Promise<RadicaleAccount>;
  /** Makes a calendar collection with a display name and colour. */
  makeCalendar(account: RadicaleAccount, slug: string, name: string, color: string): Promise<void>;
  /** Stores one iCalendar object in a calendar. */
  put(account: RadicaleAccount, slug: string, file: string, text: string): Promise<void>;
  /** Deletes one object, as a user does in their calendar app. */
  remove(account: RadicaleAccount, slug: string, file: string): Promise<void>;
  /** The calendar's objects by file name, as a calendar app reads them. */
  objects(account: RadicaleAccount, slug: string): Promise<Map<string, string>>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-radicale-"));
  const users = path.join(dir, "users");
  fs.writeFileSync(users, "");
  const port = await freePort();
  const child: ChildProcess = spawn(
    "/usr/bin/radicale",
    [
      "--config",
      "",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      users,
      "--auth-htpasswd-encryption",
      "plain",
      // A wrong password is answered at once (Radicale waits a second by default).
      "--auth-delay",
      "0",
      "--storage-filesystem-folder",
      path.join(dir, "storage"),
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Radicale starts in well under a second; it is ready when it answers.
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${errors}`);
    try {
      await fetch(`${baseUrl}/.well-known/caldav`, { redirect: "manual" });
      break;
    } catch {
      if (attempt > 200) throw new Error(`radicale did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const send = async (account: RadicaleAccount, method: string, url: string, type: string, body: string) => {
    const authorization = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`;
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization, "content-type": type },
      body,
    });
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  };
  const authorizationOf = (account: RadicaleAccount) =>
    `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`;
  return {
    baseUrl,
    async objects(account, slug) {
      const collection = `/${account.username}/${slug}/`;
      const listing = await fetch(`${baseUrl}${collection}`, {
        method: "PROPFIND",
        headers: { authorization: authorizationOf(account), depth: "1", "content-type": "application/xml" },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
      });
      if (listing.status !== 207) throw new Error(`PROPFIND ${collection}: ${listing.status}`);
      const hrefs = [...(await listing.text()).matchAll(/<href>([^<]+)<\/href>/g)]
        .map((match) => match[1]!)
        .filter((href) => href !== collection);
      const objects = new Map<string, string>();
      for (const href of hrefs) {
        const response = await fetch(`${baseUrl}${href}`, { headers: { authorization: authorizationOf(account) } });
        objects.set(decodeURIComponent(href.slice(collection.length)), await response.text());
      }
      return objects;
    },
    async addUser(username) {
      const account = { username, password: `app-password-of-${username}` };
      fs.appendFileSync(users, `${account.username}:${account.password}\n`);
      return account;
    },
    makeCalendar: (account, slug, name, color) =>
      send(
        account,
        "MKCOL",
        `/${account.username}/${slug}/`,
        "application/xml",
        `<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
  <D:set><D:prop>
    <D:resourcetype><D:collection/><C:calendar/></D:resourcetype>
    <D:displayname>${name}</D:displayname>
    <I:calendar-color>${color}</I:calendar-color>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</D:mkcol>`,
      ),
    remove: (account, slug, file) => send(account, "DELETE", `/${account.username}/${slug}/${file}`, "text/plain", ""),
    put: (account, slug, file, text) =>
      send(account, "PUT", `/${account.username}/${slug}/${file}`, "text/calendar; charset=utf-8", text),
    async stop() {
      child.kill();
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
