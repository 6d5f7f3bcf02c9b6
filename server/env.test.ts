import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.js";

describe("loadConfig", () => {
  it("starts with embedded defaults: port 3000, SQLite under ./data, frames only from itself", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("localhost");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.https).toBe(false);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data", "tandem.sqlite") });
    expect(config.frameAncestors).toEqual(["'self'"]);
    expect(config.embedParentOrigin).toBeNull();
    expect(config.trustProxy).toBe(false);
  });

  it("switches to PostgreSQL when DATABASE_URL is set", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@db:5432/app" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@db:5432/app",
    });
  });

  it("takes SQLITE_DRIVER into the SQLite configuration, and refuses an unknown one naming the variable", () => {
    expect(loadConfig({ SQLITE_DRIVER: "better-sqlite3" }).database).toMatchObject({ driver: "better-sqlite3" });
    expect(() => loadConfig({ SQLITE_DRIVER: "sqlite3" })).toThrow(
      /SQLITE_DRIVER must be node:sqlite or better-sqlite3/,
    );
  });

  it("reads TRUST_PROXY as a flag, a hop count or a list of addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it("reads CALENDAR_ALLOW_PRIVATE_URLS as a flag or networks, refusing anything else", () => {
    expect(loadConfig({}).calendarAllowPrivateUrls).toBe(false);
    expect(loadConfig({ CALENDAR_ALLOW_PRIVATE_URLS: "true" }).calendarAllowPrivateUrls).toBe(true);
    expect(loadConfig({ CALENDAR_ALLOW_PRIVATE_URLS: "192.168.1.10/32, fd00::/8" }).calendarAllowPrivateUrls).toEqual([
      "192.168.1.10/32",
      "fd00::/8",
    ]);
    expect(() => loadConfig({ CALENDAR_ALLOW_PRIVATE_URLS: "yes" })).toThrow(/CALENDAR_ALLOW_PRIVATE_URLS/);
    expect(() => loadConfig({ CALENDAR_ALLOW_PRIVATE_URLS: "192.168.1.10" })).toThrow(/CALENDAR_ALLOW_PRIVATE_URLS/);
    expect(loadConfig({ CALENDAR_FETCH_TIMEOUT_SECONDS: "3" }).calendarFetchTimeoutMs).toBe(3000);
  });

  it("notices HTTPS from the public URL and drops a trailing slash", () => {
    const config = loadConfig({ PUBLIC_URL: "https://tasks.example.org/" });
    expect(config.publicUrl).toBe("https://tasks.example.org");
    expect(config.https).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each([
    ["PORT", "-1"],
    ["PUBLIC_URL", "ftp://example.org"],
    ["TRUST_PROXY", "yes please"],
    ["FRAME_ANCESTORS", "*"],
    ["EMBED_PARENT_ORIGIN", "not a url"],
    ["RATE_LIMIT_MAX", "0"],
    ["NODE_ENV", "staging"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});
